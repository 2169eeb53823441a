/**
 * Product name and company facts: the one place every page and island reads them.
 * Values marked PLACEHOLDER must be replaced by the owner before launch.
 */
export const site = {
  productName: 'KI Akademiet',
  /** PLACEHOLDER: the legal name of the company behind the product. */
  companyName: 'KI Akademiet AS',
  /** PLACEHOLDER */
  email: 'kontakt@kiakademiet.no',
  /** PLACEHOLDER */
  phone: '+47 400 00 000',
  /** PLACEHOLDER */
  address: 'Storgata 1, 0155 Oslo',
  /** PLACEHOLDER: the external booking calendar. */
  bookingUrl: 'https://calendly.com/kiakademiet/radgivning',
  /** PLACEHOLDER */
  orgNumber: '000 000 000',
  copyrightYear: 2025,
} as const;
