/**
 * How learners say what the courses say in other words: groups of interchangeable
 * expressions (Norwegian, the English a Norwegian office uses, and common spellings).
 * When a question contains one expression of a group, the search also looks for the
 * others (an OR). An expression is lower case, its words separated by spaces; a final
 * `*` matches any ending of its last word (`lysbilde*`: lysbildet, lysbildene).
 *
 * Curated for the subject, not for particular questions: add a group when learners use
 * a word the lessons do not, and check `npm run assistant:eval` before and after.
 */
export const synonymGroups: readonly (readonly string[])[] = [
  // Building without programming
  [
    'no-code',
    'no code',
    'nocode',
    'low-code',
    'low code',
    'lavkode',
    'kodefri*',
    'uten å kode',
    'uten koding',
    'uten å programmere',
    'automatiser*',
    'zapier',
    'make',
    'n8n',
    'power automate',
  ],
  ['programmere', 'programmering', 'kode', 'koding', 'skrive kode', 'utvikler'],
  ['integrasjon*', 'koble sammen', 'koble', 'api', 'api-er', 'webhook*'],
  // Office tools
  ['e-post', 'epost', 'mail', 'email', 'e-mail', 'innboks*', 'outlook'],
  ['møte*', 'meeting*', 'teams', 'referat*', 'møtereferat*', 'notater fra møtet'],
  ['presentasjon*', 'lysbilde*', 'slides', 'powerpoint', 'ppt', 'foiler'],
  ['regneark*', 'spreadsheet', 'excel', 'tabell*', 'pivot*'],
  ['formel', 'formler', 'formula*', 'funksjon i excel'],
  ['dokument*', 'word', 'rapport*', 'saksframlegg'],
  ['oppsummer*', 'sammendrag*', 'sammenfatt*', 'summary', 'kortversjon'],
  // Prompting
  ['prompt*', 'instruksjon*', 'ledetekst', 'spørre chatgpt'],
  ['mal', 'maler', 'template*', 'promptmal*', 'oppskrift'],
  ['gpt-er', 'egen gpt', 'custom gpt', 'gpt-byggeren', 'tilpasse chatgpt', 'tilpasset*'],
  ['chatgpt', 'chat gpt', 'openai', 'språkmodell*', 'llm', 'chatbot*', 'ki-assistent*', 'copilot', 'gemini', 'claude'],
  ['husker', 'hukommelse', 'minne', 'memory', 'glemmer', 'kontekstvindu*'],
  // When AI is wrong
  [
    'finner på',
    'ikke stemmer',
    'stemmer ikke',
    'ikke riktig',
    'dikter opp',
    'hallusiner*',
    'hallusinasjon*',
    'feil svar',
    'tar feil',
    'lyver',
    'oppdiktet',
  ],
  ['faktasjekk*', 'kildekritikk', 'kontrollere', 'dobbeltsjekke', 'sjekke fakta', 'verifisere', 'kvalitetssikre'],
  ['bias', 'skjevhet*', 'fordomsfull*', 'diskriminer*', 'urettferdig*'],
  // Rules
  ['personvern*', 'gdpr', 'personopplysning*', 'privacy', 'persondata', 'sensitive opplysninger', 'helseopplysning*'],
  ['ai act', 'ki-forordning*', 'eu-regelverk*', 'eus regler', 'forordning*'],
  ['opphavsrett*', 'copyright', 'rettigheter', 'eier', 'lisens*'],
  ['merke*', 'merking', 'merket', 'deklarere', 'si fra', 'åpenhet'],
  ['retningslinje*', 'policy', 'regler for bruk', 'kjøreregler', 'reglement'],
  ['samtykke*', 'tillatelse', 'godkjenning'],
  ['markedsføringslov*', 'reklameregler', 'lovverk', 'regelverk*'],
  // Marketing
  ['reklame*', 'markedsføring*', 'annonse*', 'kampanje*', 'marketing'],
  ['poste', 'poster', 'publisere', 'legge ut', 'innlegg', 'post'],
  ['typisk kunde', 'typiske kunden', 'ideell kunde', 'drømmekunde*', 'kundene våre', 'målgruppe*'],
  ['seo', 'søkemotoroptimalisering', 'google', 'søkeord*', 'synlig i søk'],
  ['sosiale medier', 'some', 'instagram', 'facebook', 'meta', 'linkedin', 'tiktok'],
  ['målgruppe*', 'persona*', 'kundesegment*', 'segment*', 'kundeinnsikt'],
  ['a/b-test*', 'ab-test*', 'splittest*', 'a b test', 'varianter'],
  ['innholdskalender*', 'innholdsplan*', 'publiseringsplan*', 'redaksjonsplan*'],
  ['tone of voice', 'tone', 'merkevarestemme', 'stemmeguide', 'skrivestil'],
  // Film, sound and images
  ['video*', 'film*', 'klipp', 'runway', 'sora', 'pika', 'kling'],
  ['voiceover', 'speak', 'speaker*', 'speakerstemme', 'syntetisk tale', 'stemmekloning', 'elevenlabs', 'tale', 'opplesning'],
  ['musikk', 'lydspor', 'suno', 'bakgrunnsmusikk'],
  ['undertekst*', 'teksting', 'subtitles', 'tekste', 'transkri*', 'oversett*', 'dubbing', 'dubbe'],
  ['bilde*', 'illustrasjon*', 'image', 'images', 'midjourney', 'dall-e', 'bildegenerering'],
  ['storyboard*', 'animatic', 'manus', 'script', 'dreiebok'],
  ['redigere', 'redigering', 'klippe', 'premiere', 'davinci', 'resolve'],
  ['deepfake*', 'falsk video', 'forfalsk*', 'manipulert*'],
  // Workflow and automation concepts
  ['arbeidsflyt*', 'workflow*', 'flyt*', 'prosess*', 'rutine*'],
  ['agent*', 'ki-agent*', 'autonom*'],
  ['feilhåndtering', 'feiler', 'feil', 'error*', 'nytt forsøk', 'retry'],
  ['logging', 'logg*', 'overvåk*', 'monitor*'],
  ['api-nøkkel', 'api-nøkler', 'nøkler', 'passord', 'tilgangsstyring', 'tilganger'],
  ['menneskelig kontroll', 'human-in-the-loop', 'godkjenning', 'godkjenne'],
  ['gevinst*', 'tidsbesparelse', 'spare tid', 'lønnsom*', 'roi', 'regne hjem'],
  ['json', 'strukturert output', 'strukturerte data', 'fast format'],
  ['faktura*', 'invoice', 'regning*', 'bilag'],
  ['kundeservice', 'kundehenvendelse*', 'henvendelse*', 'support', 'klage*'],
  // Basics
  ['kunstig intelligens', 'ki', 'ai', 'artificial intelligence'],
  ['maskinlæring', 'machine learning', 'lærer av data', 'mønstre'],
  ['token*', 'neste ord', 'sannsynlighet'],
  ['treningsdata', 'trent på', 'kunnskapsgrense', 'finjuster*', 'fine-tuning'],
  ['generativ ki', 'generativ', 'genai'],
];
