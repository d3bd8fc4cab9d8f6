// Whose data a box holds. A form block for the paid preparer, the employer, the spouse, a
// dependent, an agent, a witness, the treating doctor or "office use only" asks for someone
// else's name and address than the record's: the record's own fields are unlikely there, unless
// the target is itself that party's (`employer_name`, a table or link called "Preparer").
//
// Words per party, in English, Spanish, French, German, Portuguese, Italian, Dutch, Polish,
// Ukrainian and Russian: the standard dictionary translations (Wiktionary translation tables of
// each English headword), written down once, not picked from the labelled forms.
import { tokenize } from './text-normalize.ts';

const PARTY_WORDS: Readonly<Record<string, readonly string[]>> = {
  preparer: [
    'preparer|paid preparer|tax preparer|préparateur|preparador|steuerberater|preparatore',
    'third party designee|designee',
  ],
  employer: [
    'employer|employeur|empleador|empregador|arbeitgeber|datore di lavoro|werkgever',
    'pracodawca|pracodawcy|роботодавець|работодатель',
  ],
  spouse: [
    'spouse|conjoint|conjointe|cónyuge|cônjuge|ehepartner|ehegatte|coniuge|echtgenoot',
    'echtgenote|małżonek|małżonka|małżonkowie|чоловік дружина|супруг|супруга',
  ],
  agent: [
    'agent|representative|authorized representative|représentant|mandataire|representante',
    'apoderado|procurador|vertreter|bevollmächtigter|rappresentante|delegato|gemachtigde',
    'vertegenwoordiger|представник|представитель',
  ],
  office: [
    'office use|for office use|official use|office only|administration use|usage administratif',
    'réservé administration|uso oficial|uso interno|para uso de la administración',
    'uso exclusivo|dienstgebrauch|amtliche vermerke|uso dell ufficio|voor intern gebruik',
    'службові відмітки|для служебного пользования',
  ],
  dependent: [
    'dependent|dependents|dependant|personne à charge|personnes à charge|dependiente|dependientes',
    'dependente|dependentes|unterhaltsberechtigte|persona a carico|persone a carico|ten laste',
    'osoba na utrzymaniu',
    'утриманець|утриманці|иждивенец|иждивенцы',
  ],
  witness: [
    'witness|witnesses|témoin|témoins|testigo|testigos|testemunha|zeuge|zeugen|testimone',
    'getuige|świadek|świadka|świadków|свідок|свидетель',
  ],
  parent: [
    'father|mother|parent|parents|guardian|legal guardian|père|mère|tuteur|padre|madre|tutor',
    'pai|mãe|vater|mutter|erziehungsberechtigter|erziehungsberechtigte|vormund|genitore',
    'genitori|ouder|ouders|voogd|ojciec|matka|opiekun|rodzic|батько|мати|отец|мать',
  ],
  household: [
    'household member|household members|members of household|membre du foyer',
    'miembro del hogar|membro do agregado|haushaltsmitglied|haushaltsangehörige',
    'componente del nucleo|gezinslid|członek gospodarstwa',
  ],
  contact: [
    'contact person|person to contact|personne à contacter|persona de contacto',
    'pessoa de contacto|ansprechpartner|ansprechperson|persona di riferimento|contactpersoon',
    'osoba kontaktowa|контактна особа|контактное лицо',
    'emergency contact|in case of emergency|next of kin|personne à prévenir|contacto de emergencia',
    'contacto de emergência|notfallkontakt|im notfall|contatto di emergenza|noodcontact',
    'kontakt w nagłych wypadkach',
  ],
  doctor: [
    'physician|doctor|treating doctor|medical provider|therapist|hospital|clinic|médecin',
    'médico|medico|arzt|ärztin|krankenhaus|huisarts|lekarz|szpital|лікар|врач',
  ],
  notifier: [
    'person notifying|notifying person|notifier|informant|reporting person|zawiadamiający',
    'zawiadamia|zawiadamiającej|zawiadamiającego|meldende person|anzeigende person|notificante',
    'denunciante|informante|persona che segnala|melder',
  ],
  official: [
    'submitting official|certifying official|registering official|issuing officer|registrar',
    'officier d état civil|standesbeamter|standesbeamtin|funcionario del registro',
    'notary|notary public|notaire|notario|notário|notar|notarin|notaio|notaris|notariusz',
  ],
  // The other side of a case (a certificate of service, a motion): never the filer's own data.
  // "Respondent" and "defendant" are left out: on many forms they are the record itself.
  opposing: [
    'other party|opposing party|adverse party|partie adverse|parte contraria|contraparte',
    'parte adversa|gegenpartei|gegnerische partei|wederpartij|tegenpartij|strona przeciwna',
    'протилежна сторона|противная сторона',
  ],
  translator: [
    'translator|interpreter|traducteur|interprète|traductor|intérprete|tradutor|übersetzer',
    'dolmetscher|traduttore|interprete|vertaler|tolk|перекладач|переводчик',
  ],
};

type PartyPhrase = { party: string; words: string[] };

const PHRASES: PartyPhrase[] = Object.entries(PARTY_WORDS).flatMap(([party, groups]) =>
  groups.flatMap((group) =>
    group
      .split('|')
      .map((variant) => ({ party, words: tokenize(variant), written: variant.split(' ').length }))
      // "office use" without its stopword would be any "office" ("post office"): a phrase that
      // tokenizes to one word of several is dropped.
      .filter(
        (phrase) => phrase.words.length > 0 && (phrase.words.length > 1 || phrase.written === 1),
      )
      .map(({ party: owner, words }) => ({ party: owner, words })),
  ),
);

function containsRun(words: readonly string[], run: readonly string[]): boolean {
  for (let i = 0; i + run.length <= words.length; i++) {
    if (run.every((word, j) => words[i + j] === word)) {
      return true;
    }
  }
  return false;
}

const PARTY_ORDER = Object.keys(PARTY_WORDS);

/** Phrases by their first word: a text is checked only for phrases one of its words starts. */
const PHRASES_BY_FIRST_WORD = new Map<string, PartyPhrase[]>();
for (const phrase of PHRASES) {
  const first = phrase.words[0] ?? '';
  PHRASES_BY_FIRST_WORD.set(first, [...(PHRASES_BY_FIRST_WORD.get(first) ?? []), phrase]);
}

/** The parties a text speaks of ("Paid Preparer Use Only" → preparer). */
export function partiesIn(...texts: readonly (string | undefined)[]): Set<string> {
  const parties = new Set<string>();
  for (const text of texts) {
    if (text === undefined || text === '') {
      continue;
    }
    const words = tokenize(text);
    for (const word of new Set(words)) {
      for (const phrase of PHRASES_BY_FIRST_WORD.get(word) ?? []) {
        if (containsRun(words, phrase.words)) {
          parties.add(phrase.party);
        }
      }
    }
  }
  // In the order of PARTY_WORDS, whatever the order of the text: callers take the first.
  return new Set(PARTY_ORDER.filter((party) => parties.has(party)));
}
