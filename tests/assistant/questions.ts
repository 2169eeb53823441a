/**
 * Questions a learner might ask the assistant, phrased the way people talk rather than
 * the way the lessons are titled, each with the course and the lessons a teacher would
 * point to (by title, from src/content/courses/*.json). `npm run assistant:eval` and
 * tests/integration/chat.test.ts measure the offline assistant on them.
 */
export interface EvalQuestion {
  question: string;
  courseId: string;
  lessons: string[];
  /** A message that asks two things: the second question's course and lessons (both must be cited). */
  also?: { courseId: string; lessons: string[] };
}

export const questions: EvalQuestion[] = [
  {
    question: 'Kan jeg lage automatiseringer uten å kode?',
    courseId: 'ki-automatisering',
    lessons: ['Fire plattformer – hva skiller dem?', 'Din første flyt: skjema, regneark og e-post', 'Hva lønner seg å automatisere?'],
  },
  {
    question: 'Hvordan får jeg KI til å skrive referat etter et Teams-møte?',
    courseId: 'ki-for-kontoret',
    lessons: ['Møtereferat og oppfølgingspunkter i Teams', 'Fra møte til handlingsplan'],
  },
  {
    question: 'Hvorfor dikter ChatGPT opp kilder som ikke finnes?',
    courseId: 'grunnleggende-ki',
    lessons: ['Hallusinasjoner: når KI finner på ting', 'Faktasjekk et KI-svar', 'Kildekritikk i praksis'],
  },
  {
    question: 'Er det lov å lime inn kundeopplysninger i en chatbot?',
    courseId: 'grunnleggende-ki',
    lessons: ['Personvern og GDPR når du bruker KI', 'Hva kan du dele med et KI-verktøy?'],
  },
  {
    question: 'Hva sier EU sitt nye regelverk om kunstig intelligens?',
    courseId: 'grunnleggende-ki',
    lessons: ['EUs KI-forordning (AI Act) forklart'],
  },
  {
    question: 'Hvordan lager jeg slides raskt fra et Word-dokument?',
    courseId: 'ki-for-kontoret',
    lessons: ['Copilot i PowerPoint: fra dokument til presentasjon'],
  },
  {
    question: 'Kan Copilot hjelpe meg med formler i regnearket?',
    courseId: 'ki-for-kontoret',
    lessons: ['Formler med KI-hjelp', 'Formeløvelser fra regnskapsbyrået', 'Copilot i Excel: dette må på plass'],
  },
  {
    question: 'Hvordan får jeg oversikt over en full innboks etter ferien?',
    courseId: 'ki-for-kontoret',
    lessons: ['E-posttriage med Copilot i Outlook', 'Rydd innboksen etter ferien'],
  },
  {
    question: 'Hvorfor glemmer chatboten det jeg skrev i starten av en lang samtale?',
    courseId: 'grunnleggende-ki',
    lessons: ['Kontekstvindu: hvorfor samtalen «glemmer»'],
  },
  {
    question: 'Hva betyr tokens når man snakker om språkmodeller?',
    courseId: 'grunnleggende-ki',
    lessons: ['Tokens, sannsynlighet og neste ord'],
  },
  {
    question: 'Hvordan skriver jeg bedre instruksjoner til ChatGPT?',
    courseId: 'grunnleggende-ki',
    lessons: ['Anatomien til en god prompt', 'Skriv om svake prompter', 'Eksempler, roller og format'],
  },
  {
    question: 'Kan jeg lage min egen GPT for kundeservice?',
    courseId: 'ki-chatgpt-mester',
    lessons: ['Bygg en egen GPT steg for steg', 'Lag en GPT for kundeservice i nettbutikken', 'Tre måter å tilpasse ChatGPT på'],
  },
  {
    question: 'Kan ChatGPT analysere salgstallene i et Excel-ark jeg laster opp?',
    courseId: 'ki-chatgpt-mester',
    lessons: ['Slik analyserer ChatGPT data', 'Analyser salgsdata fra en nettbutikk'],
  },
  {
    question: 'Hvordan slår jeg av at ChatGPT husker ting om meg?',
    courseId: 'ki-chatgpt-mester',
    lessons: ['Minne, datainnstillinger og personvern', 'Gå gjennom innstillingene dine'],
  },
  {
    question: 'Hvilket verktøy bør jeg velge mellom Zapier og n8n?',
    courseId: 'ki-automatisering',
    lessons: ['Fire plattformer – hva skiller dem?', 'Velg riktig verktøy'],
  },
  {
    question: 'Hva skjer når et system sender beskjed automatisk til et annet via en URL?',
    courseId: 'ki-automatisering',
    lessons: ['Webhooks – når systemet sier fra selv', 'Motta ordre fra nettbutikken via webhook'],
  },
  {
    question: 'Hvordan får jeg språkmodellen til å svare i JSON som neste steg kan lese?',
    courseId: 'ki-automatisering',
    lessons: ['Strukturert output: JSON du kan bygge videre på'],
  },
  {
    question: 'Hvordan regner jeg ut hvor mye tid automatiseringen sparer oss?',
    courseId: 'ki-automatisering',
    lessons: ['Mål tidsbesparelse ærlig', 'Regn ut gevinsten', 'Mål utgangspunktet'],
  },
  {
    question: 'Hvordan lager jeg en norsk speakerstemme til en reklamefilm med KI?',
    courseId: 'ki-filmproduksjon',
    lessons: ['Syntetisk tale og stemmekloning', 'Lag voiceover og lydbilde'],
  },
  {
    question: 'Kan jeg bruke musikk fra Suno kommersielt?',
    courseId: 'ki-filmproduksjon',
    lessons: ['KI-musikk og lisenser', 'Opphavsrett og lisenser for KI-materiale'],
  },
  {
    question: 'Hvordan lager jeg undertekster på norsk automatisk?',
    courseId: 'ki-filmproduksjon',
    lessons: ['Automatisk teksting og oversettelse', 'Tekst og oversett reklamefilmen'],
  },
  {
    question: 'Hvordan holder jeg samme person lik i alle bildene jeg genererer?',
    courseId: 'ki-filmproduksjon',
    lessons: ['Konsistente karakterer, stil og vilkår'],
  },
  {
    question: 'Hvordan planlegger jeg hva vi skal poste hver uke?',
    courseId: 'ki-markedsforing',
    lessons: ['Innholdskalender med KI', 'Lag en innholdskalender for én måned'],
  },
  {
    question: 'Straffer Google tekster som er skrevet med KI?',
    courseId: 'ki-markedsforing',
    lessons: ['SEO når både skribenter og søkemotorer bruker KI', 'Søkeord, titler og metabeskrivelser'],
  },
  {
    question: 'Hvordan beskriver jeg den typiske kunden vår med hjelp av KI?',
    courseId: 'ki-markedsforing',
    lessons: ['Målgruppe, segment og persona', 'Lag en persona med en språkmodell'],
  },
  {
    question: 'Må vi merke reklame som er laget med kunstig intelligens?',
    courseId: 'ki-markedsforing',
    lessons: ['Regelverket når KI brukes i markedsføring', 'Bildebrief og risikosjekk', 'Juridisk gjennomgang av kampanjer'],
  },
  // Two questions in one message: the answer must cite a right lesson for each.
  {
    question: 'Hvordan skriver jeg bedre instruksjoner til ChatGPT, og hva betyr tokens?',
    courseId: 'grunnleggende-ki',
    lessons: ['Anatomien til en god prompt', 'Skriv om svake prompter', 'Eksempler, roller og format'],
    also: { courseId: 'grunnleggende-ki', lessons: ['Tokens, sannsynlighet og neste ord'] },
  },
  {
    question: 'Hvordan får jeg KI til å skrive referat etter et Teams-møte? Og kan jeg bruke musikk fra Suno kommersielt?',
    courseId: 'ki-for-kontoret',
    lessons: ['Møtereferat og oppfølgingspunkter i Teams', 'Fra møte til handlingsplan'],
    also: { courseId: 'ki-filmproduksjon', lessons: ['KI-musikk og lisenser', 'Opphavsrett og lisenser for KI-materiale'] },
  },
  {
    question: 'Hvorfor glemmer chatboten det jeg skrev i starten av en lang samtale, og kan Copilot hjelpe meg med formler i regnearket?',
    courseId: 'grunnleggende-ki',
    lessons: ['Kontekstvindu: hvorfor samtalen «glemmer»'],
    also: {
      courseId: 'ki-for-kontoret',
      lessons: ['Formler med KI-hjelp', 'Formeløvelser fra regnskapsbyrået', 'Copilot i Excel: dette må på plass'],
    },
  },
  {
    question: 'Hvordan lager jeg undertekster på norsk automatisk? Og må vi merke reklame som er laget med kunstig intelligens?',
    courseId: 'ki-filmproduksjon',
    lessons: ['Automatisk teksting og oversettelse', 'Tekst og oversett reklamefilmen'],
    also: {
      courseId: 'ki-markedsforing',
      lessons: ['Regelverket når KI brukes i markedsføring', 'Bildebrief og risikosjekk', 'Juridisk gjennomgang av kampanjer'],
    },
  },
  {
    question: 'Hvordan lager jeg en norsk speakerstemme til en reklamefilm med KI, og hva sier EU sitt nye regelverk om kunstig intelligens?',
    courseId: 'ki-filmproduksjon',
    lessons: ['Syntetisk tale og stemmekloning', 'Lag voiceover og lydbilde'],
    also: { courseId: 'grunnleggende-ki', lessons: ['EUs KI-forordning (AI Act) forklart'] },
  },
  {
    question: 'Hvordan regner jeg ut hvor mye tid automatiseringen sparer oss? Og hvordan får jeg oversikt over en full innboks etter ferien?',
    courseId: 'ki-automatisering',
    lessons: ['Mål tidsbesparelse ærlig', 'Regn ut gevinsten', 'Mål utgangspunktet'],
    also: { courseId: 'ki-for-kontoret', lessons: ['E-posttriage med Copilot i Outlook', 'Rydd innboksen etter ferien'] },
  },
  {
    question: 'Kan ChatGPT analysere salgstallene i et Excel-ark jeg laster opp, og hvorfor dikter ChatGPT opp kilder som ikke finnes?',
    courseId: 'ki-chatgpt-mester',
    lessons: ['Slik analyserer ChatGPT data', 'Analyser salgsdata fra en nettbutikk'],
    also: { courseId: 'grunnleggende-ki', lessons: ['Hallusinasjoner: når KI finner på ting', 'Faktasjekk et KI-svar', 'Kildekritikk i praksis'] },
  },
  {
    question: 'Hvordan beskriver jeg den typiske kunden vår med hjelp av KI, og hva betyr tokens når man snakker om språkmodeller?',
    courseId: 'ki-markedsforing',
    lessons: ['Målgruppe, segment og persona', 'Lag en persona med en språkmodell'],
    also: { courseId: 'grunnleggende-ki', lessons: ['Tokens, sannsynlighet og neste ord'] },
  },
  {
    question: 'Straffer Google tekster som er skrevet med KI? Hvordan holder jeg samme person lik i alle bildene jeg genererer?',
    courseId: 'ki-markedsforing',
    lessons: ['SEO når både skribenter og søkemotorer bruker KI', 'Søkeord, titler og metabeskrivelser'],
    also: { courseId: 'ki-filmproduksjon', lessons: ['Konsistente karakterer, stil og vilkår'] },
  },
  {
    question: 'Kan jeg lage automatiseringer uten å kode, og hvordan slår jeg av at ChatGPT husker ting om meg?',
    courseId: 'ki-automatisering',
    lessons: ['Fire plattformer – hva skiller dem?', 'Din første flyt: skjema, regneark og e-post', 'Hva lønner seg å automatisere?'],
    also: { courseId: 'ki-chatgpt-mester', lessons: ['Minne, datainnstillinger og personvern', 'Gå gjennom innstillingene dine'] },
  },
];
