export const companyTexts = {
  companyNotFound: 'Fant ikke bedriften.',
  notCompanyAdmin: 'Denne siden er for bedriftsadministratorer.',
  seatNotFound: 'Fant ikke plassen.',
  invitationNotFound: 'Fant ikke invitasjonen.',
  invitationInvalid: 'Invitasjonen er ugyldig eller utløpt.',
  noFreeSeats: (company: string) => `Alle plassene til ${company} er i bruk. Be den som inviterte deg om å kjøpe flere plasser.`,
  signInRequired: (email: string) => `Logg inn som ${email} for å ta imot invitasjonen.`,
  namesRequired: 'Skriv inn navn og et passord for å opprette kontoen.',
  invited: (n: number) => (n === 1 ? 'Invitasjonen er sendt.' : `${n} invitasjoner er sendt.`),
  resent: 'Invitasjonen er sendt på nytt.',
  seatTakenBack: (name: string) => `Plassen er ledig igjen. ${name} har ikke lenger tilgang, men fremdriften er tatt vare på.`,
  remindersSent: (n: number) =>
    n === 1 ? 'Påminnelse sendt til 1 person som ikke har startet.' : `Påminnelse sendt til ${n} personer som ikke har startet.`,
  nobodyToRemind: 'Alle har startet. Ingen påminnelser å sende.',
  accepted: (company: string) => `Velkommen! Du har nå tilgang til kursene fra ${company}.`,
  invoiceOnly: 'Bare bestillinger på faktura kan merkes som betalt eller kanselleres her.',
} as const;
