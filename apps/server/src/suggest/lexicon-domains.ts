// Form concepts of everyday paperwork domains: employment, education, money and banking, tax,
// invoices and contracts, health and insurance, vehicles, and the words of purpose and status
// that forms share. Same format and source note as lexicon-people.ts: English headwords with
// their usual French, Spanish, German, Portuguese, Italian, Dutch, Ukrainian and Russian
// translations from standard bilingual dictionaries, not picked from the evaluated forms.

export const DOMAIN_CONCEPTS: Readonly<Record<string, readonly string[]>> = {
  // Employment
  job_title: [
    'job title|position title|position|poste|fonction|puesto|cargo|stellenbezeichnung',
    'função|funcao|mansione|qualifica|functie|должность|посада',
  ],
  hire_date: [
    'date of hire|hire date|date hired|start of employment|date d embauche|fecha de contratación',
    'fecha de alta|einstellungsdatum|eintrittsdatum|data de admissão|data di assunzione',
    'datum in dienst|дата приема на работу|дата прийняття на роботу',
  ],
  wages: [
    'wages|wage|salary|salaries|gross pay|salaire|rémunération|remuneration|sueldo',
    'salario|remuneración|gehalt|lohn|bruttolohn|vergütung|salário|remuneração',
    'stipendio|retribuzione|salaris|loon|bezoldiging|зарплата|заработная плата|заробітна плата',
  ],
  income: ['income|revenue|revenu|ingresos|einkommen|einkünfte|renda|reddito|inkomen|доход|дохід'],
  work_hours: [
    'hours worked|working hours|heures travaillées|horas trabajadas|arbeitsstunden|arbeitszeit',
    'horas trabalhadas|ore lavorate|gewerkte uren|рабочие часы|робочі години',
  ],
  supervisor: [
    'supervisor|manager|responsable|supérieur|supervisor|jefe|vorgesetzter|gerente',
    'responsabile|leidinggevende|руководитель|керівник',
  ],
  employment_status: [
    'employment status|situation professionnelle|situación laboral|beschäftigungsstatus',
    'situação profissional|condizione lavorativa|arbeidssituatie|статус занятости',
  ],
  unemployment: [
    'unemployment|chômage|desempleo|arbeitslosigkeit|desemprego|disoccupazione|werkloosheid|безработица|безробіття',
  ],
  pension: [
    'pension|retirement|retraite|jubilación|pensión|rente|aposentadoria|pensione|pensioen|пенсия|пенсія',
  ],
  benefits: [
    'benefits|benefit|prestations|prestaciones|leistungen|benefícios|prestazioni|uitkering|пособие|допомога',
  ],
  allowance: [
    'allowance|allocation|subsidio|zulage|beihilfe|subsídio|indennità|toelage|vergoeding',
  ],
  experience: [
    'experience|expérience|experiencia|erfahrung|berufserfahrung|experiência|esperienza|ervaring|опыт|досвід',
  ],
  skills: [
    'skills|skill|compétences|habilidades|fähigkeiten|competências|competenze|vaardigheden|навыки|навички',
  ],
  // Education
  education_level: [
    'education level|level of education|highest education|niveau d études|nivel de estudios',
    'bildungsabschluss|escolaridade|grau de instrução|titolo di studio|opleidingsniveau',
    'образование|освіта',
  ],
  graduation_date: [
    'graduation date|date of graduation|date d obtention|fecha de graduación|abschlussdatum',
    'data de formatura|data di laurea|afstudeerdatum|дата окончания обучения',
  ],
  school_year: [
    'school year|academic year|année scolaire|année universitaire|año escolar|curso académico',
    'schuljahr|ano letivo|anno scolastico|anno accademico|schooljaar|academiejaar|учебный год',
    'навчальний рік',
  ],
  enrollment: [
    'enrollment|enrolment|inscription|inscripción|einschreibung|inscrição|iscrizione|inschrijving',
  ],
  teacher: [
    'teacher|instructor|enseignant|professeur|profesor|lehrer|lehrkraft|professor|insegnante',
    'docente|leraar|docent|учитель|вчитель|преподаватель|викладач',
  ],
  school: ['school|école|ecole|escuela|colegio|schule|escola|scuola|школа'],
  university: [
    'university|college|université|universidad|universität|hochschule|universidade',
    'università|universiteit|hogeschool|университет|університет',
  ],
  student: [
    'student|pupil|étudiant|etudiant|élève|estudiante|alumno|schüler|aluno',
    'estudante|studente|alunno|leerling|студент|ученик|учень',
  ],
  student_id: [
    'student id|student number|numéro étudiant|número de estudiante|matrikelnummer',
    'schülernummer|schüler id|número de aluno|matricola|studentennummer|студенческий билет',
  ],
  grade_level: ['grade|class|classe|clase|klasse|série|turma|klas|класс|клас'],
  degree: ['degree|diploma|diplôme|abschluss|graduação|laurea|diploma|степень|ступінь'],
  course: ['course|cours|curso|kurs|corso|cursus|курс'],
  field_of_study: [
    'major|field of study|filière|carrera|studiengang|studienfach|corso di laurea',
    'studierichting|специальность|спеціальність',
  ],
  // Money and banking
  currency: ['currency|devise|monnaie|moneda|divisa|währung|moeda|valuta|munteenheid|валюта'],
  price: ['price|unit price|prix|precio|preis|preço|prezzo|prijs|цена|ціна'],
  tax: ['tax|impôt|impot|taxe|impuesto|steuer|imposto|imposta|belasting|налог|податок'],
  discount: ['discount|remise|rabais|descuento|rabatt|desconto|sconto|korting|скидка|знижка'],
  cost: ['cost|costs|expense|expenses|coût|cout|frais|coste|gasto|kosten|custo|despesa|spesa'],
  fee: ['fee|fees|charge|tarifa|cuota|gebühr|taxa|tassa|tarief|сбор|збір'],
  payment: ['payment|paiement|pago|zahlung|pagamento|betaling|оплата|платіж|платеж'],
  payment_method: [
    'payment method|method of payment|mode de paiement|mode de règlement|mode de versement',
    'forma de pago|método de pago|zahlungsart|zahlungsweise|forma de pagamento',
    'metodo di pagamento|betaalwijze|способ оплаты|спосіб оплати',
  ],
  balance: ['balance|balance due|solde|saldo|остаток|залишок'],
  deposit: [
    'deposit|security deposit|dépôt|depósito|fianza|kaution|caução|cauzione|waarborg|borg|залог|застава',
  ],
  rent: ['rent|loyer|alquiler|miete|aluguel|aluguer|affitto|huur|huurprijs|аренда|оренда'],
  refund: [
    'refund|remboursement|reembolso|erstattung|rückerstattung|rimborso|terugbetaling|возврат|повернення',
  ],
  amount_in_words: [
    'amount in words|sum in words|en toutes lettres|somme en toutes lettres|montant en lettres',
    'en lettres|en letras|importe en letra|in worten|betrag in worten|por extenso',
    'valor por extenso|in lettere|importo in lettere|voluit|прописью|прописом',
  ],
  bank: [
    'bank|bank name|banque|nom de la banque|banco|kreditinstitut|bankname|nome do banco|banca|банк',
  ],
  bank_code: [
    'routing number|routing no|routing|aba number|sort code|bank code|code banque',
    'bankleitzahl|blz|código bancario|código do banco|codice abi|bankcode|мфо|бик',
  ],
  account_holder: [
    'account holder|account owner|name of account holder|titulaire du compte|titular de la cuenta',
    'kontoinhaber|titular da conta|intestatario del conto|rekeninghouder|владелец счета|власник рахунку',
  ],
  account_type: [
    'account type|type of account|type de compte|tipo de cuenta|kontoart|tipo de conta',
    'tipo di conto|rekeningtype|тип счета|тип рахунку',
  ],
  card_number: [
    'card number|credit card number|credit card|numéro de carte|número de tarjeta|kartennummer',
    'número do cartão|numero di carta|kaartnummer|номер карты|номер картки',
  ],
  card_security_code: ['cvv|cvc|cvv2|security code|card verification|cryptogramme'],
  // Invoices, orders, contracts, cases
  order_number: [
    'order number|order no|purchase order|po number|numéro de commande|número de pedido',
    'bestellnummer|auftragsnummer|número do pedido|numero d ordine|ordernummer|bestelnummer',
    'bestelbon|номер заказа|номер замовлення',
  ],
  reference_number: [
    'reference|reference number|ref|your reference|référence|referencia|referenz|aktenzeichen',
    'referência|riferimento|referentie|kenmerk|ссылка|посилання',
  ],
  case_number: [
    'case number|case no|file number|claim number|numéro de dossier|n dossier|no dossier',
    'número de expediente|n expediente|no expediente',
    'expediente|dossiernummer|número do processo|processo|numero di pratica|pratica',
    'zaaknummer|номер дела|номер справи',
  ],
  contract: [
    'contract|agreement|contrat|contrato|vertrag|contratto|overeenkomst|contract|договор|договір',
  ],
  member_number: [
    'member number|membership number|member id|numéro d adhérent|numéro adhérent|número de socio',
    'mitgliedsnummer|número de sócio|numero di socio|lidnummer|членский номер',
  ],
  customer_number: [
    'customer number|client number|customer id|account id|numéro client|número de cliente',
    'kundennummer|número do cliente|codice cliente|klantnummer|номер клиента|номер клієнта',
  ],
  registration_number: [
    'registration number|company number|registre du commerce|siret|siren|número de registro',
    'handelsregisternummer|registro comercial|cnpj|numero di registrazione|kvk nummer|kvk',
    'регистрационный номер|єдрпоу|огрн',
  ],
  // A business's name other than its legal one (US "doing business as"), and its legal form.
  trade_name: [
    'trade name|trading name|doing business as|dba|business name if different',
    'nom commercial|enseigne|nombre comercial|handelsname|nome fantasia|nome comercial',
    'nome commerciale|insegna|handelsnaam|nazwa handlowa|торговое название|торгова назва',
  ],
  legal_form: [
    'entity type|business entity type|type of entity|legal form|legal structure',
    'forme juridique|forma jurídica|rechtsform|natureza jurídica|forma giuridica|rechtsvorm',
    'forma prawna|организационно правовая форма|організаційно правова форма',
  ],
  product: ['product|produit|producto|produkt|produto|prodotto|товар|продукт'],
  service: ['service|servicio|dienstleistung|serviço|servizio|dienst|услуга|послуга'],
  delivery: [
    'delivery|shipping|livraison|entrega|envío|lieferung|versand|consegna|levering|доставка',
  ],
  area: ['area|surface|superficie|fläche|área|oppervlakte|площадь|площа'],
  room: ['room|rooms|pièce|habitación|zimmer|quarto|stanza|kamer|комната|кімната'],
  // Health and insurance
  hospital: ['hospital|hôpital|hopital|krankenhaus|ospedale|ziekenhuis|больница|лікарня'],
  clinic: ['clinic|clinique|clínica|klinik|clinica|kliniek|клиника|клініка'],
  patient: ['patient|patiente|paciente|paziente|patiënt|пациент|пацієнт'],
  diagnosis: ['diagnosis|diagnostic|diagnóstico|diagnose|diagnosi|icd|icd code|диагноз|діагноз'],
  allergies: ['allergies|allergy|allergie|alergia|alergias|allergia|аллергия|алергія'],
  medication: [
    'medication|medications|medicine|médicament|medicamento|medicación|medikament',
    'farmaco|medicijn|geneesmiddel|лекарство|ліки',
  ],
  treatment: [
    'treatment|traitement|tratamiento|behandlung|tratamento|trattamento|behandeling|лечение|лікування',
  ],
  illness: [
    'illness|disease|maladie|enfermedad|krankheit|doença|malattia|ziekte|заболевание|хвороба',
  ],
  injury: ['injury|blessure|lesión|verletzung|lesão|lesione|letsel|травма'],
  symptoms: ['symptoms|symptom|symptôme|síntoma|sintoma|sintomo|symptoom|симптом'],
  blood_type: [
    'blood type|blood group|groupe sanguin|grupo sanguíneo|blutgruppe|tipo sanguíneo',
    'gruppo sanguigno|bloedgroep|группа крови|група крові',
  ],
  disability: [
    'disability|handicap|discapacidad|behinderung|deficiência|disabilità|инвалидность|інвалідність',
  ],
  insurance: [
    'insurance|insurer|assurance|assureur|seguro|aseguradora|versicherung|seguradora',
    'assicurazione|verzekering|verzekeraar|страховка|страхування',
  ],
  policy_number: [
    'policy number|policy no|numéro de police|número de póliza|policennummer',
    'versicherungsnummer|versichertennummer|número da apólice|numero di polizza',
    'polisnummer|номер полиса|номер поліса',
  ],
  // Vehicles
  vehicle: [
    'vehicle|véhicule|vehiculo|vehículo|fahrzeug|veículo|veicolo|voertuig|транспортное средство|транспортний засіб',
  ],
  license_plate: [
    'license plate|licence plate|plate number|number plate|plaque d immatriculation',
    'placa|kennzeichen|amtliches kennzeichen|nummernschild|targa|kenteken',
    'номерной знак|номерний знак',
  ],
  vin: [
    'vin|vehicle identification number|chassis number|numéro de châssis|número de bastidor',
    'fahrgestellnummer|fahrzeug identifizierungsnummer|número do chassi|numero di telaio',
    'chassisnummer|номер кузова',
  ],
  vehicle_make: [
    'vehicle make|make of vehicle|car make|marque du véhicule|marca del vehículo|fahrzeugmarke',
    'marca do veículo|marca del veicolo|automerk|марка автомобиля|марка автомобіля',
  ],
  vehicle_model: ['model|modèle|modelo|modell|modello|модель'],
  mileage: [
    'mileage|odometer|kilométrage|kilometraje|kilometerstand|quilometragem|chilometraggio|пробег|пробіг',
  ],
  // Purpose, status and kinds
  reason: ['reason|motif|motivo|grund|begründung|reden|причина'],
  purpose: ['purpose|objet|objeto|zweck|finalidade|scopo|doel|цель|мета'],
  category: ['category|catégorie|categoría|kategorie|categoria|categorie|категория|категорія'],
  status: ['status|statut|estado actual|situação|stato|статус'],
  destination: ['destination|destino|reiseziel|destinazione|bestemming|пункт назначения'],
  travel: ['travel|trip|voyage|viaje|reise|viagem|viaggio|reis|поездка|поїздка'],
  distance: [
    'distance|kilometers|kilometres|km|distancia|entfernung|distância|distanza|afstand|расстояние|відстань',
  ],
};
