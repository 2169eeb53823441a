import Bowser from 'bowser';

export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return 'Ukjent enhet';
  const parsed = Bowser.parse(userAgent);
  const model = parsed.platform.model;
  const system = model === 'iPhone' || model === 'iPad' ? model : parsed.os.name;
  const browser = parsed.browser.name;
  if (browser && system) return `${browser} på ${system}`;
  return browser || system || 'Ukjent enhet';
}
