import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { site } from '../../../config/site';

/** Inline styles only: mail clients ignore style sheets. */
export const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '560px', padding: '32px' },
  heading: { color: '#111827', fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' },
  text: { color: '#111827', fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  muted: { color: '#6b7280', fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
  button: { backgroundColor: '#4338ca', borderRadius: '6px', color: '#ffffff', fontSize: '16px', fontWeight: 600, padding: '12px 20px' },
  link: { color: '#3730a3' },
} as const;

export function MailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="nb">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {children}
          <Hr />
          <Section>
            <Text style={styles.muted}>
              {site.productName} · {site.companyName} · {site.address}
            </Text>
            <Text style={styles.muted}>Denne e-posten er sendt automatisk. Du kan ikke svare på den.</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The link is also written out for mail programs that show no buttons. */
export function ActionLink({ href, label }: { href: string; label: string }) {
  return (
    <>
      <Section style={{ margin: '24px 0' }}>
        <Button href={href} style={styles.button}>
          {label}
        </Button>
      </Section>
      <Text style={styles.muted}>
        Virker ikke knappen? Lim inn denne lenken i nettleseren:{' '}
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Text>
    </>
  );
}
