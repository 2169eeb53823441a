export interface NavLink {
  label: string;
  href: string;
  description?: string;
  badge?: string;
}

export interface NavGroup {
  id: string;
  label: string;
  links: NavLink[];
}

export const navGroups: NavGroup[] = [
  {
    id: 'nettkurs',
    label: 'Nettkurs',
    links: [
      { label: 'KI Grunnkurs', href: '/grunnleggende-ki', description: 'Start her: forstå og bruk KI trygt' },
      { label: 'KI for Kontoret', href: '/ki-for-kontoret', description: 'E-post, dokumenter, møter og Excel' },
      { label: 'KI Filmproduksjon', href: '/ki-filmproduksjon', description: 'Manus, bilde, video og lyd med KI' },
      { label: 'KI Markedsføring', href: '/ki-markedsforing', description: 'Innhold, kampanjer og analyse' },
      { label: 'KI Automatisering', href: '/ki-automatisering', description: 'Arbeidsflyter som går av seg selv' },
      { label: 'ChatGPT Mester', href: '/ki-chatgpt-mester', description: 'Få mest mulig ut av ChatGPT' },
      { label: 'Live Nettkurs', href: '/live-nettkurs', description: 'Direktesendte kurs med lærer', badge: 'Kommer snart' },
    ],
  },
  {
    id: 'bedriftskurs',
    label: 'Bedriftskurs',
    links: [
      { label: 'Nettbaserte Kurspakker', href: '/nettbasert-pakke', description: 'Komplett digital pakke' },
      { label: 'Fysiske Kurspakker', href: '/trenings-pakke', description: '3 + 2 dager fysisk, pluss digitalt' },
    ],
  },
  {
    id: 'konsulent',
    label: 'Konsulent',
    links: [
      { label: 'For ledere', href: '/personlig-konsulent', description: 'Personlig rådgivning for ledere' },
      { label: 'For bedrifter', href: '/bedrift-konsulent', description: 'KI i hele virksomheten' },
      { label: 'Automatisering', href: '/automatisering', description: 'Vi bygger arbeidsflytene for dere' },
      { label: 'Dashboards', href: '/dashboards', description: 'Rapporter og innsikt fra egne data' },
    ],
  },
  {
    id: 'ressurser',
    label: 'KI-ressurser',
    links: [
      { label: 'Beste verktøy for tiden', href: '/ki-verktoy', description: 'Utvalgte KI-verktøy, testet av oss' },
      { label: 'KI-arbeidsflyter', href: '/ki-workflows', description: 'Ferdige arbeidsflyter du kan ta i bruk' },
    ],
  },
];

export const aboutLink: NavLink = { label: 'Om oss', href: '/om-oss' };

export const contactLink: NavLink = { label: 'Kontakt oss', href: '/kontakt' };

export const legalLinks: NavLink[] = [
  { label: 'Personvern', href: '/personvern' },
  { label: 'Vilkår', href: '/vilkar' },
  { label: 'Cookies', href: '/cookies' },
  { label: 'Angrerett', href: '/angrekrav' },
];

export const consultantLinks: NavLink[] = [
  { label: 'Konsulenttjenester', href: '/konsulent' },
  { label: 'For ledere', href: '/personlig-konsulent' },
  { label: 'For bedrifter', href: '/bedrift-konsulent' },
  { label: 'Automatisering', href: '/automatisering' },
  { label: 'Dashboards', href: '/dashboards' },
];
