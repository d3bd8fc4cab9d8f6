// Form concepts about a person and where they live: name parts, identity documents, physical
// description, family, address parts, contact and the dates of a life. Same format as
// CONCEPT_VARIANTS in lexicon-data.ts (concept → `|`-separated variants, longest phrase wins).
//
// Source: general vocabulary, not any evaluated form. Each concept is the English headword a form
// commonly prints, with its usual translations in French, Spanish, German, Portuguese, Italian,
// Dutch, Ukrainian and Russian as given by standard bilingual dictionaries (Wiktionary translation
// tables of the headword) and the official field captions of passports and ID cards (ICAO Doc 9303
// labels). Words that mean different things in two languages are left out (see lexicon-data.ts).

export const PEOPLE_CONCEPTS: Readonly<Record<string, readonly string[]>> = {
  name_prefix: [
    'prefix|name prefix|salutation|civilité|civilite|anrede|aanhef|aanspreektitel',
    'обращение|звернення|mr mrs ms|mr mrs',
  ],
  name_suffix: ['suffix|name suffix|suff|jr sr|suffixe|sufijo|namenszusatz|sufixo|suffisso'],
  maiden_name: [
    'maiden name|birth name|name at birth|nom de naissance|nom de jeune fille|geburtsname',
    'apellido de soltera|nome de solteira|cognome da nubile|meisjesnaam|geboortenaam',
    'девичья фамилия|дівоче прізвище',
  ],
  nickname: ['nickname|surnom|apodo|spitzname|soprannome|bijnaam|прозвище|прізвисько'],
  other_names: [
    'other names used|other names|aliases|alias|autres noms|otros nombres|andere namen',
    'outros nomes|altri nomi',
  ],
  birth_country: [
    'country of birth|birth country|pays de naissance|país de nacimiento|pais de nacimiento',
    'geburtsland|país de nascimento|pais de nascimento|paese di nascita|geboorteland',
    'страна рождения|країна народження',
  ],
  death_date: [
    'date of death|death date|date du décès|date de décès|fecha de defunción|fecha de fallecimiento',
    'sterbedatum|todesdatum|data do óbito|data de óbito|data di morte|data del decesso',
    'overlijdensdatum|datum van overlijden|дата смерти|дата смерті',
  ],
  language: [
    'language|preferred language|langue|idioma|lengua|sprache|língua|lingua|taal|язык|мова',
  ],
  height: ['height|taille|estatura|körpergröße|altura|altezza|lengte|рост|зріст'],
  body_weight: ['weight|poids|peso|gewicht|вес|вага'],
  eye_color: [
    'eye color|eye colour|eyes|couleur des yeux|color de ojos|augenfarbe|cor dos olhos',
    'colore degli occhi|kleur ogen|oogkleur|цвет глаз|колір очей',
  ],
  hair_color: [
    'hair color|hair colour|hair|couleur des cheveux|color de pelo|color de cabello|haarfarbe',
    'cor do cabelo|colore dei capelli|haarkleur|цвет волос|колір волосся',
  ],
  child: ['child|children|enfant|niño|hijo|criança|filho|bambino|figlio|ребенок|дитина'],
  guardian: [
    'guardian|legal guardian|parent or guardian|tuteur|tutor|tutora|vormund',
    'erziehungsberechtigter|tutore|voogd|опекун|опікун',
  ],
  parent: ['parent|parents|padres|eltern|genitori|ouders|родители|батьки'],
  household: ['household|foyer|hogar|haushalt|agregado familiar|nucleo familiare|huishouden'],
  applicant: [
    'applicant|demandeur|requérant|requerant|solicitante|antragsteller|requerente',
    'richiedente|aanvrager|заявитель|заявник',
  ],
  beneficiary: [
    'beneficiary|payee|recipient|bénéficiaire|beneficiaire|destinataire|beneficiario',
    'destinatario|empfänger|begünstigter|beneficiário|destinatário|begunstigde|ontvanger',
    'получатель|одержувач',
  ],
  owner: [
    'owner|propriétaire|proprietaire|propietario|dueño|eigentümer|inhaber|proprietário',
    'proprietario|eigenaar|владелец|власник',
  ],
  tenant: [
    'tenant|lessee|locataire|inquilino|arrendatario|mieter|locatário|conduttore|huurder',
    'арендатор|орендар|наниматель',
  ],
  landlord: [
    'landlord|lessor|bailleur|arrendador|vermieter|senhorio|locador|locatore|verhuurder',
    'арендодатель|орендодавець',
  ],
  customer: ['customer|client|cliente|kunde|klant|клиент|клієнт|заказчик|замовник'],
  member: ['member|membre|miembro|mitglied|membro|sócio|socio|lid|член|участник'],
  contact_person: [
    'contact person|contact|personne de contact|persona de contacto|ansprechpartner',
    'kontaktperson|pessoa de contato|pessoa de contacto|persona di contatto|contactpersoon',
    'контактное лицо|контактна особа',
  ],
  passport: [
    'passport|passeport|pasaporte|reisepass|passaporte|passaporto|paspoort|паспорт',
    // ICAO Doc 9303's "travel document": a passport or what stands for one.
    'travel document|document de voyage|documento de viaje|reisedokument|documento de viagem',
    'documento di viaggio|reisdocument',
  ],
  id_card: [
    'id card|identity card|national id|national identity number|carte d identité',
    "carte nationale d'identité|cni|dni|documento nacional de identidad|cédula|cedula",
    'cédula de identidad|cedula de ciudadania|personalausweis|ausweisnummer|ausweis',
    'rg|registro geral|carteira de identidade|cartão de cidadão|carta d identità',
    'identiteitskaart|identiteitsbewijs|удостоверение личности|посвідчення особи',
    'identity document|identification document|document d identité|documento de identidad',
    'documento de identificação|documento de identidade|documento di identità|ausweisdokument',
    'identiteitsdocument',
  ],
  drivers_license: [
    "driver license|driver's license|drivers license|driving licence|driving license",
    'permis de conduire|licencia de conducir|carnet de conducir|führerschein|cnh',
    'carteira de motorista|carta de condução|patente di guida|rijbewijs',
    'водительское удостоверение|посвідчення водія',
  ],
  visa: ['visa|visa number|visado|visto|виза|віза'],
  residence: [
    'residence|place of residence|domicile|résidence|residencia|lugar de residencia',
    'wohnort|wohnsitz|residência|residenza|verblijfplaats|woonadres|место жительства',
    'місце проживання',
  ],
  house_number: [
    'house number|house no|house nr|numéro de rue|n de rue|número de casa|número exterior',
    'hausnummer|número da casa|numero civico|huisnummer|номер дома|номер будинку',
  ],
  address_line2: [
    'address line 2|address 2|second address line|complément d adresse|complement d adresse',
    'complemento|adresszusatz|toevoeging|дополнение к адресу',
  ],
  building: ['building|bâtiment|batiment|edificio|gebäude|prédio|gebouw|здание|будівля'],
  floor: ['floor|étage|etage|planta|stockwerk|andar|piano|verdieping|этаж|поверх'],
  region: ['region|région|región|região|regione|regio|регион|регіон|область'],
  fax: [
    'fax|fax number|fax no|telefax|facsimile|télécopie|número de fax|факс',
    'numéro de fax|faxnummer|numero di fax|número do fax',
  ],
  start_date: [
    'start date|date of start|beginning date|date de début|date debut|fecha de inicio',
    'fecha inicio|startdatum|anfangsdatum|beginndatum|data de início|data inicio',
    'data di inizio|begindatum|ingangsdatum|дата начала|дата початку',
  ],
  end_date: [
    'end date|date of end|ending date|date de fin|fecha de fin|fecha fin|fecha final',
    'enddatum|data de término|data de fim|data fim|data di fine|einddatum',
    'дата окончания|дата закінчення',
  ],
  issue_date: [
    'date of issue|issue date|issued on|date de délivrance|date de delivrance|fecha de expedición',
    'fecha de emisión|ausstellungsdatum|data de emissão|data de expedição|data di rilascio',
    'afgiftedatum|datum van afgifte|дата выдачи|дата видачі',
  ],
  expiry_date: [
    'expiration date|expiry date|expiration|expires|valid until|valid through',
    "date d'expiration|date de validité|fin de validité|fecha de vencimiento",
    'fecha de caducidad|válido hasta|ablaufdatum|gültig bis|data de validade|válido até',
    'data di scadenza|valido fino al|vervaldatum|geldig tot|срок действия|термін дії',
  ],
  arrival: ['arrival|arrivée|arrivee|llegada|ankunft|chegada|arrivo|aankomst|прибытие|прибуття'],
  departure: ['departure|départ|depart|salida|abreise|abfahrt|partida|partenza|vertrek|отъезд'],
  period: ['period|période|periode|periodo|período|zeitraum|период|період'],
  duration: ['duration|durée|duree|duración|dauer|duração|durata|duur|продолжительность'],
  foreign: [
    'foreign|abroad|étranger|etranger|extranjero|ausländisch|ausland|estrangeiro|estero',
    'buitenlands|buitenland|иностранный|іноземний',
  ],
  emergency: ['emergency|in case of emergency|emergencia|notfall|emergência|emergenza|noodgeval'],
  dependent: [
    'dependent|dependents|personne à charge|personnes à charge|persona a cargo|angehöriger',
    'dependente|familiare a carico|persoon ten laste|иждивенец|утриманець',
  ],
  witness: ['witness|témoin|temoin|testigo|testemunha|zeuge|testimone|getuige|свидетель|свідок'],
  notary: ['notary|notaire|notario|notar|notário|notaio|notaris|нотариус|нотаріус'],
  religion: [
    'religion|religión|religião|religione|religie|religionszugehörigkeit|религия|релігія',
    'denomination|religious denomination|confession religieuse|confesión religiosa|konfession',
    'religionsbekenntnis|bekenntnis|confissão religiosa|confessione religiosa|kerkgenootschap',
  ],
  ethnicity: ['ethnicity|race|ethnic origin|origine ethnique|etnia|ethnische herkunft|etniciteit'],
  veteran: ['veteran|veteran status|ancien combattant|veterano|veteraan|ветеран'],
  due_date: [
    'due date|payment due|date d échéance|échéance|fälligkeitsdatum|data de vencimento',
    'vervaldag|термін оплати',
  ],
  days_count: [
    'number of days|n días|no días|nombre de jours|nb jours|número de días|anzahl tage',
    'número de dias|numero di giorni|aantal dagen|количество дней|кількість днів',
  ],
};
