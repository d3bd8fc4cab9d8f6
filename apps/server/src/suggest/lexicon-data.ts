// The vocabulary of forms: words and abbreviations that mean the same thing, in the languages
// the corpus and our users bring (English, French, Spanish, German, Portuguese, Italian, Dutch,
// Ukrainian, Russian). Each key is a
// concept; its variants are phrases as people print or name them. Variants go through the same
// normalisation as any text (text-normalize.ts), so accents, case and plurals need not be listed.
//
// Kept deliberately to what forms commonly say: a synonym that is right on one form and wrong on
// ten others costs more precision than it buys recall (German "Firma" is a company, Spanish
// "firma" a signature, so it is in neither group).

import { DOMAIN_CONCEPTS } from './lexicon-domains.ts';
import { PEOPLE_CONCEPTS } from './lexicon-people.ts';

/**
 * concept → variants, written as `|`-separated groups to keep the table readable. Longer
 * variants win over shorter ones when both match.
 */
const CORE_CONCEPTS: Readonly<Record<string, readonly string[]>> = {
  given_name: [
    'first name|firstname|fname|first|given name|forename|prénom|vorname',
    "primer nombre|ім'я|имя",
    'voornaam|primeiro nome|nome próprio|nome proprio|имя собственное',
    'vornamen|voornamen|nombre de pila|prenome',
  ],
  family_name: [
    'last name|lastname|lname|last|surname|family name|nom de famille',
    'nom usuel|apellido|nachname|familienname|прізвище|фамилия',
    'achternaam|sobrenome|apelido|cognome|familienaam',
    'zuname|primer apellido|nome de família',
  ],
  middle_name: [
    'middle name|middle|mname|second name|segundo nombre|zweiter vorname|nom intermédiaire',
    'nome do meio|secondo nome|tussenvoegsel|отчество|по батькові',
  ],
  middle_initial: ['middle initial|mi|m i|initial|inicial'],
  full_name: [
    'full name|fullname|complete name|name and surname|first and last name',
    'nom complet|nom prénom|nom et prénom|prénom nom|nombre completo',
    "nombre y apellido|vollständiger name|vor und nachname|прізвище ім'я",
    'nome completo|volledige naam|nome e cognome|naam en voornaam|фио|піб',
    'vor und zuname|prénom et nom|nome e sobrenome|voornaam en achternaam|voor en achternaam',
    // US tax forms' page headers: "Name(s) shown on return".
    'name s shown on return|name shown on return|name as shown on return',
    'name shown on income tax return|name as shown on income tax return',
  ],
  name: ['name|nom|nombre|namen|назва|імені', 'nome|naam|наименование'],
  birth_date: [
    'date of birth|birth date|birthdate|birthday|dob|born|date de naissance',
    'né le|née le|fecha de nacimiento|fecha nacimiento|geburtsdatum',
    'geburtstag|дата народження|дата рождения',
    'data de nascimento|data di nascita|geboortedatum|date naissance',
    // Standard abbreviations: RAE's list (Ortografía, apéndice 2) "nac." = nacimiento; the
    // Academia Brasileira de Letras' "nasc." = nascimento; "dt." = data.
    'fecha de nac|fecha nac|f de nac|data de nasc|data nasc|dt nasc|dt de nasc',
  ],
  birth_place: [
    'place of birth|birth place|birthplace|pob|lieu de naissance',
    'lugar de nacimiento|geburtsort|місце народження',
    'city of birth|ville de naissance|ciudad de nacimiento|geburtsstadt|cidade de nascimento',
    'città di nascita|geboortestad',
    'naturalidade|local de nascimento|luogo di nascita|geboorteplaats|место рождения',
  ],
  ssn: [
    'social security number|social security no|social security|ssn|soc sec',
    'numéro de sécurité sociale|sécurité sociale|nir|sozialversicherungsnummer',
    'número de seguridad social|número da segurança social|niss|bsn|burgerservicenummer|снилс',
  ],
  tin: [
    'taxpayer identification number|tax identification number|tax id|tin',
    'tax number|steuernummer|numéro fiscal|steuer id|steueridentifikationsnummer|nif|cif',
    'número de identificación fiscal|codice fiscale|fiscaal nummer|инн|іпн|рнокпп',
    'número de contribuinte|numéro d identification fiscale|identificación fiscal',
  ],
  ein: ['employer identification number|employer id number|ein|fein'],
  zip: [
    'zip|zip code|zipcode|postal code|postcode|post code|code postal',
    'codepostal|cp|código postal|plz|postleitzahl|поштовий індекс|cep|cap|codice postale',
    'почтовый индекс|индекс|індекс',
  ],
  phone: [
    'phone|phone number|phone no|telephone|telephone number|tel|tel no',
    'téléphone|teléfono|telefon|telefonnummer|mobile|mobile phone|cell',
    'cell phone|cellphone|celular|móvil|portable|handy|телефон',
    'telefone|telefono|telefoon|telefoonnummer|gsm|cellulare|мобильный',
    'numéro de téléphone|número de teléfono|número de telefone|numero di telefono',
    'mobile number|mobiltelefon|mobilnummer|handynummer|telemóvel|mobiel|номер телефона',
  ],
  email: [
    'email|e-mail|email address|e-mail address|mail|courriel',
    'adresse électronique|adresse mail|adresse email|correo',
    'correo electrónico|e-mail-adresse|електронна пошта|электронная почта',
    'posta elettronica|correio eletrônico|correio eletronico',
    'dirección de correo electrónico|endereço de e-mail|endereço eletrônico|indirizzo email',
    'indirizzo e-mail|e-mailadres|emailadres',
  ],
  address: [
    'address|addr|adr|adresse|dirección|domicilio|anschrift|адреса',
    'street address',
    'endereço|endereco|indirizzo|adres|адрес',
  ],
  street: ['street|rue|voie|calle|straße|str|вулиця', 'rua|logradouro|straat|улица'],
  city: [
    'city|town|ville|ciudad|localité|localidad|locality|municipality',
    'municipio|commune|stadt|ort|місто|город|city town',
    'cidade|município|municipio|città|comune|woonplaats|gemeente|plaats|населенный пункт',
    'gemeinde|ortsgemeinde|ortschaft|municipalité|concelho|comuna|località|localidade',
  ],
  // "Fait à ..." (done at) is where a French form is signed: a place, usually a town.
  place: ['place|lieu|lugar|fait'],
  state: ['state|st|province|prov|estado|provincia|bundesland|territory|uf|provincie|штат'],
  county: ['county|comté|condado|kreis|landkreis|contea|графство'],
  country: ['country|pays|país|land|країна', 'paese|государство'],
  nationality: [
    'nationality|nationalité|nacionalidad|staatsangehörigkeit|citizenship',
    'nacionalidade|nazionalità|nationaliteit|гражданство|громадянство',
    'staatsbürgerschaft|citoyenneté|ciudadanía|cidadania|cittadinanza|staatsburgerschap',
  ],
  apartment: [
    'apt|apartment|appartement|apartamento|apto|unit|suite|flat|wohnung|appartamento',
    'квартира|кв',
  ],
  number: ['number|no|num|nr|nbr|nro|numéro|número|nummer|номер', 'numero|nº'],
  id: ['id|identifier|identification|identifiant|identificación|identificação|identificativo'],
  department: [
    'dept|department|département|departamento|abteilung|dipartimento|reparto|afdeling',
    'отдел|відділ',
  ],
  organization: [
    'org|organization|organisation|organisme|organismo|company|firm|business',
    'corp|corporation|corporación|entreprise|empresa|société|unternehmen',
    'raison sociale|razón social|razão social|ragione sociale|bedrijf|bedrijfsnaam|azienda',
    'компания|организация|компанія|організація',
  ],
  employer: [
    'employer|employeur|empleador|arbeitgeber|роботодавець|empregador|werkgever|работодатель',
  ],
  employee: [
    'employee|salarié|empleado|arbeitnehmer|worker|empregado|funcionário|dipendente',
    'werknemer|сотрудник|працівник',
  ],
  signature: [
    'signature|sig|sign|signed|unterschrift|підпис',
    'assinatura|firma del dichiarante|handtekening|подпись',
  ],
  quantity: [
    'qty|quantity|quantité|cantidad|menge|anzahl|quantidade|quantità|aantal|количество|кількість',
  ],
  amount: ['amt|amount|montant|importe|monto|betrag', 'valor|importo|bedrag|сумма|сума'],
  date: ['date|dt|fecha|datum|дата|dated', 'data|datum'],
  day: ['day|jour|día|tag|dd|jj|giorno|dag|день'],
  month: ['month|mois|mes|monat|mm|mês|mese|maand|месяц|місяць'],
  year: ['year|année|año|anio|jahr|yyyy|aaaa|рік|anno|jaar|год'],
  time: ['time|heure|hora|uhrzeit|час|ora|tijd|время'],
  gender: ['gender|sex|sexe|sexo|geschlecht|стать|пол', 'geslacht|genere|género|sesso'],
  relationship: [
    'relationship|relation|lien|parentesco|relación|beziehung|verwandtschaftsverhältnis',
    'relação|grau de parentesco|rapporto|parentela|relatie|verwantschap|родство|спорідненість',
  ],
  occupation: [
    'occupation|profession|job|beruf|ocupación|profesión|métier',
    'profissão|profissao|professione|beroep|профессия|професія',
  ],
  physician: ['physician|doctor|dr|médecin|médico|arzt|лікар|medico|arts|huisarts|врач'],
  description: [
    'description|describe|desc|descripción|beschreibung|descrição|descrizione',
    'omschrijving|beschrijving|описание|опис',
  ],
  before: ['before|prior|avant|antes|vorher|voorheen'],
  incident: ['incident|event|accident|incidente|événement|évènement'],
  emergency_room: ['er|emergency room|emergency department|urgences'],
  request: [
    'request|application|demande|solicitud|antrag|pedido|requerimento|richiesta|aanvraag|заявление|заява',
  ],
  notes: [
    'notes|note|comments|comment|remarks|remarques|observaciones|bemerkungen|anmerkungen',
    'observações|osservazioni|opmerkingen|примечания|примітки',
  ],
  website: ['website|url|web site|homepage|site web|sitio web|página web|sito web|webseite|сайт'],
  spouse: [
    'spouse|conjoint|cónyuge|ehepartner|cônjuge|coniuge|echtgenoot|echtgenote|супруг|супруга',
  ],
  previous: [
    'previous|former|ancien|ancienne|anterior|vorherige|früher|precedente|vorig|vorige|предыдущий|попередній',
  ],
  age: ['age|âge|edad|alter|вік|idade|età|leeftijd|возраст'],
  today: ["today|aujourd'hui|hoy|heute|hoje|oggi|vandaag|сегодня|сьогодні"],
  mother_name: [
    'mother name|mother s name|nome da mãe|nome da mae|nombre de la madre|nom de la mère|name der mutter|nome della madre|naam moeder',
  ],
  father_name: [
    'father name|father s name|nome do pai|nombre del padre|nom du père|name des vaters|nome del padre|naam vader',
  ],
  district: [
    'district|neighbourhood|neighborhood|bairro|barrio|quartier|ortsteil|wijk|quartiere|район',
  ],
  marital_status: [
    'marital status|estado civil|état civil|familienstand|stato civile|burgerlijke staat|семейное положение|сімейний стан',
    // "Est. civil" / "Est. civ.": the same, abbreviated (RAE and ABL lists: "est." = estado).
    'est civil|est civ',
  ],
  account_number: [
    'account number|account no|rekeningnummer|numéro de compte|número de cuenta',
    'número da conta|kontonummer|numero di conto',
    // A "bank account" field holds the account's number.
    'bank account|bank account number|compte bancaire|cuenta bancaria|bankkonto|conta bancária',
    'conto bancario|bankrekening|bankrekeningnummer',
  ],
  iban: ['iban|código iban|iban code|numéro iban|número iban|numero iban|iban nummer'],
  bic: [
    'bic|swift|bic swift|swift bic|swift code|código swift|bic code|code bic|código bic|codice bic',
  ],
  vat_number: [
    'vat number|vat no|btw nummer|btw|numéro de tva|tva|ust id|umsatzsteuer id|partita iva',
  ],
  invoice_number: [
    'invoice number|invoice no|factuurnummer|numéro de facture|número de factura',
    'rechnungsnummer|numero fattura',
  ],
  invoice_date: [
    'invoice date|date of invoice|factuurdatum|date de facture|date de la facture',
    'fecha de factura|fecha de la factura|rechnungsdatum|data da fatura|data della fattura',
    'data fattura',
  ],
  // A sum of the lines above; its compounds split on it (Totaalbedrag, Gesamtbetrag).
  total: ['total|totaal|totale|gesamt|insgesamt|summe|итого|всего|разом|усього'],
  pobox: ['po box|p o box|boîte postale|postfach|apartado postal'],
};

/** Every concept: the core above, people and places, and paperwork domains (~200 in all). */
export const CONCEPT_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  ...CORE_CONCEPTS,
  ...PEOPLE_CONCEPTS,
  ...DOMAIN_CONCEPTS,
};

/**
 * Words that make a box about someone or something else than the record's own: "Previous
 * physical address", "Mailing address", "Spouse's". They keep their full weight even in a
 * tooltip that elaborates on a name, so "State" for the previous address loses to "State" for
 * the present one.
 */
export const DISTINGUISHING_CONCEPTS = new Set([
  'previous',
  'spouse',
  'foreign',
  'emergency',
  'mailing',
  'alternate',
  'secondary',
  'dependent',
]);

/** Concepts close enough to earn part of a match: a street is part of an address. */
export const RELATED_CONCEPTS: readonly [string, string, number][] = [
  ['address', 'street', 0.8],
  ['place', 'city', 0.8],
  ['employer', 'organization', 0.8],
  ['name', 'full_name', 0.7],
  ['middle_initial', 'middle_name', 0.7],
  ['name', 'given_name', 0.5],
  ['name', 'family_name', 0.5],
  ['date', 'birth_date', 0.5],
  ['number', 'id', 0.5],
  ['address', 'residence', 0.8],
  ['country', 'birth_country', 0.7],
  ['birth_place', 'birth_country', 0.7],
  ['address', 'address_line2', 0.5],
  ['date', 'start_date', 0.5],
  ['date', 'end_date', 0.5],
  ['date', 'issue_date', 0.5],
  ['date', 'expiry_date', 0.5],
  ['date', 'due_date', 0.5],
  ['date', 'hire_date', 0.5],
  ['date', 'death_date', 0.5],
  ['date', 'graduation_date', 0.5],
  ['date', 'invoice_date', 0.5],
  ['wages', 'income', 0.6],
  ['cost', 'fee', 0.6],
];

/**
 * Words that say little on their own and so count less: "Name" matching "Name" is weaker
 * evidence than "Census" matching "Census".
 */
export const WEAK_WEIGHTS: Readonly<Record<string, number>> = {
  name: 0.5,
  number: 0.4,
  code: 0.5,
  type: 0.6,
  id: 0.6,
  date: 0.6,
  address: 0.7,
  other: 0.6,
  total: 0.7,
  info: 0.3,
  information: 0.3,
  detail: 0.3,
  data: 0.3,
  current: 0.6,
  // Qualifiers of the primary address or phone: "Present physical address" is the address.
  present: 0.3,
  physical: 0.3,
  residential: 0.3,
  home: 0.3,
};

/**
 * Words that authoring tools put into field names without meaning (`Text1`, `Check Box12`,
 * `topmostSubform[0].Page1[0]`, `RadioGroup1`, `undefined` tooltips). A name or tooltip made only
 * of these (and numbers) is generic and ignored, so the printed label speaks instead.
 */
export const GENERIC_WORDS = new Set(
  [
    'text txt field fld textfield textbox tf check checkbox chk cb box radio rdo radiobutton',
    'button btn group grp dropdown drop combo combobox list listbox liste lst page pg form',
    'subform topmostsubform topmost row untitled undefined help read order control readordercontrol',
    'item entry input widget formfield untitled sans titre champ texte casilla campo feld',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Shortest value each concept takes, in characters. A box limited to fewer characters is one
 * part of a split value (SSN in 3 + 2 + 4 boxes, date in MM / DD / YYYY boxes) and cannot take
 * the whole value.
 */
export const CONCEPT_MIN_LENGTH: Readonly<Record<string, number>> = {
  ssn: 9,
  ein: 9,
  tin: 9,
  phone: 7,
  email: 6,
  birth_date: 6,
  zip: 4,
};
