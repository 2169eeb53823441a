// `npx tsx scripts/media/make-og-image.ts`: draws src/assets/og-image.png (1200×630); re-run after a name or colour change.
import sharp from 'sharp';
import { site } from '../../src/config/site';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <radialGradient id="a" cx="25%" cy="15%" r="80%"><stop offset="0" stop-color="#2450c8"/><stop offset="1" stop-color="#132a66"/></radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#a)"/>
  <circle cx="1050" cy="560" r="260" fill="#0e7490" opacity="0.35"/>
  <rect x="80" y="80" width="96" height="96" rx="24" fill="#ffffff"/>
  <path d="M107 150V106h9v17l15-17h11l-16 19 17 25h-11l-12-18-4 5v13z" fill="#2450c8"/>
  <text x="200" y="145" font-family="DejaVu Sans, sans-serif" font-size="44" font-weight="700" fill="#ffffff">${site.productName}</text>
  <text x="80" y="330" font-family="DejaVu Sans, sans-serif" font-size="68" font-weight="700" fill="#ffffff">Lær å bruke KI i jobben</text>
  <text x="80" y="420" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#dbe7ff">Praktiske nettkurs og rådgivning på norsk</text>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile('src/assets/og-image.png');
console.log('wrote src/assets/og-image.png');
