import { site } from '../config/site';

export function organizationJsonLd(base: URL | undefined): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    name: site.productName,
    legalName: site.companyName,
    url: base ? new URL('/', base).href : undefined,
    email: site.email,
    telephone: site.phone,
    address: { '@type': 'PostalAddress', streetAddress: site.address, addressCountry: 'NO' },
    taxID: site.orgNumber,
  };
}

export interface CourseForJsonLd {
  id: string;
  title: string;
  description: string;
  priceNok: number;
  hours: number;
  level: string;
}

export function courseJsonLd(course: CourseForJsonLd, base: URL | undefined): Record<string, unknown> {
  const url = base ? new URL(`/${course.id}`, base).href : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: course.description,
    url,
    inLanguage: 'nb',
    educationalLevel: course.level,
    provider: { '@type': 'Organization', name: site.productName, url: base ? new URL('/', base).href : undefined },
    offers: {
      '@type': 'Offer',
      category: 'Paid',
      price: course.priceNok,
      priceCurrency: 'NOK',
      availability: 'https://schema.org/InStock',
      url,
    },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Online',
      courseWorkload: `PT${course.hours}H`,
    },
  };
}
