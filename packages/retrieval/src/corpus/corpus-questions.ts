/**
 * The corpus's questions, each with the sections that answer it (document id, section heading).
 * Some name exact terms (error codes, product names) that keyword search finds; others paraphrase
 * the handbook in other words, which only a meaning-aware search finds.
 */
export const CORPUS_QUESTIONS: readonly {
  readonly question: string;
  readonly relevant: readonly (readonly [string, string])[];
}[] = [
  {
    question: 'What does error E1042 mean?',
    relevant: [['error-codes', 'E1042 Battery too cold']],
  },
  {
    question: 'E2207 keeps showing up, what should I do?',
    relevant: [['error-codes', 'E2207 Grid voltage out of range']],
  },
  { question: 'E3150', relevant: [['error-codes', 'E3150 Fan blocked']] },
  {
    question: 'The app says E4001 after an update',
    relevant: [['error-codes', 'E4001 Firmware mismatch']],
  },
  {
    question: 'How much energy can the Lumo Cell 10 store?',
    relevant: [['cell-10-specs', 'Capacity and power']],
  },
  {
    question: 'How heavy is the battery cabinet and how big is it?',
    relevant: [['cell-10-specs', 'Dimensions and weight']],
  },
  {
    question: 'Will the battery work in a cold garage in winter?',
    relevant: [
      ['cell-10-specs', 'Operating temperature'],
      ['error-codes', 'E1042 Battery too cold'],
    ],
  },
  { question: 'Does the unit make a lot of noise?', relevant: [['cell-10-specs', 'Noise']] },
  {
    question: 'Can I hang the cabinet on a plasterboard wall?',
    relevant: [
      ['installation', 'Wall mounting'],
      ['installation', 'Choosing a location'],
    ],
  },
  {
    question: 'Which inverters is the battery compatible with?',
    relevant: [['installation', 'Connecting to the inverter']],
  },
  {
    question: 'Who is allowed to wire the battery to the inverter?',
    relevant: [['installation', 'Connecting to the inverter']],
  },
  { question: 'What happens during commissioning?', relevant: [['installation', 'Commissioning']] },
  {
    question: 'How do I connect my phone to the battery?',
    relevant: [['app', 'Pairing over Bluetooth']],
  },
  {
    question: 'Where do I see how full the battery is?',
    relevant: [['app', 'Reading the state of charge']],
  },
  {
    question: 'How can I keep some charge aside in case of a blackout?',
    relevant: [['app', 'Setting a backup reserve']],
  },
  {
    question: 'Can my partner see the battery in the app too?',
    relevant: [['app', 'Sharing access']],
  },
  { question: 'How long is the warranty?', relevant: [['warranty', 'What is covered']] },
  {
    question: 'How much capacity will the battery lose over the years?',
    relevant: [['warranty', 'Capacity guarantee']],
  },
  {
    question: 'Is flood damage covered by the warranty?',
    relevant: [
      ['warranty', 'What is not covered'],
      ['safety', 'Flooding'],
    ],
  },
  { question: 'How do I make a warranty claim?', relevant: [['warranty', 'Making a claim']] },
  {
    question: 'Can I send back a battery I no longer want?',
    relevant: [['returns', 'Return window']],
  },
  {
    question: 'When do I get my money back after returning something?',
    relevant: [['returns', 'Refunds']],
  },
  { question: 'Is there a restocking fee?', relevant: [['returns', 'Restocking fee']] },
  { question: 'The box arrived crushed, what now?', relevant: [['returns', 'Damaged on arrival']] },
  {
    question: 'How long until my battery is delivered?',
    relevant: [['shipping', 'Delivery times']],
  },
  {
    question: 'Will the courier carry the battery into my basement?',
    relevant: [['shipping', 'Freight delivery']],
  },
  {
    question: 'Do you deliver to the United Kingdom, and who pays the import duties?',
    relevant: [['shipping', 'Shipping outside the EU']],
  },
  { question: 'What do I get with Lumo Plus?', relevant: [['billing', 'Lumo Plus']] },
  { question: 'Where can I download my invoices?', relevant: [['billing', 'Invoices']] },
  { question: 'How do I stop my monthly subscription?', relevant: [['billing', 'Cancelling']] },
  { question: 'Can the battery catch fire?', relevant: [['safety', 'Fire safety']] },
  {
    question: 'Is it safe to have the battery where my kids play?',
    relevant: [['safety', 'Children and pets']],
  },
  {
    question: 'What do I do with the battery when it is worn out?',
    relevant: [['safety', 'Disposal and recycling']],
  },
  {
    question: 'Will my computer turn off when the power goes out?',
    relevant: [['outages', 'Backup mode']],
  },
  {
    question: 'How many hours can the battery run my house during a blackout?',
    relevant: [['outages', 'How long the backup lasts']],
  },
  {
    question: 'The battery is empty and the grid is down, how do I restart it with solar?',
    relevant: [['outages', 'Black start']],
  },
  {
    question: 'Can I use a diesel generator with the system?',
    relevant: [['outages', 'Generator use']],
  },
];
