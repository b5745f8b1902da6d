import type { SourceDocument } from '../documents/source-document.js';

/**
 * The support handbook of Lumo Energy, a home-battery maker made up for this corpus (no real
 * company, product or figure): ten markdown documents of four sections each.
 */
export const CORPUS_DOCUMENTS: readonly SourceDocument[] = [
  {
    id: 'cell-10-specs',
    title: 'Lumo Cell 10 specifications',
    text: `# Lumo Cell 10 specifications

## Capacity and power

The Lumo Cell 10 stores 10.2 kWh, of which 9.6 kWh can be used. It delivers 5 kW continuously and 7.5 kW for ten seconds, enough to start a heat pump or a well pump.

## Dimensions and weight

The cabinet is 110 cm high, 60 cm wide and 22 cm deep, and weighs 98 kg. Two people and the supplied lifting straps are needed to carry it.

## Operating temperature

The Cell 10 charges between 0 and 45 °C and discharges between −10 and 50 °C. Below freezing it warms its cells with its own heater before charging.

## Noise

In normal use the cabinet is silent; its fan runs only above 35 °C or at full power, at about 38 dB, as loud as a quiet library.`,
  },
  {
    id: 'error-codes',
    title: 'Error codes',
    text: `# Error codes

## E1042 Battery too cold

E1042 means the cells are below 0 °C and charging is paused to protect them. The built-in heater warms them; charging resumes by itself, usually within an hour.

## E2207 Grid voltage out of range

E2207 appears when the mains voltage leaves 207–253 V. The system disconnects from the grid until the voltage is back in range for five minutes. Frequent E2207 alarms need the network operator.

## E3150 Fan blocked

E3150 means the cooling fan cannot turn. Switch the cabinet off, clear leaves or dust from the air inlet at the bottom, and switch it on again. If it comes back, book a service visit.

## E4001 Firmware mismatch

E4001 shows after an interrupted update, when the battery and the inverter run different firmware. Keep the system online: the app installs the matching version within 24 hours.`,
  },
  {
    id: 'installation',
    title: 'Installation',
    text: `# Installation

## Choosing a location

Install the cabinet indoors or in a sheltered outdoor spot, out of direct sun, on a wall that can bear 120 kg. Keep 30 cm free on each side for air flow.

## Wall mounting

Fix the steel bracket with the four M10 anchors in the box, check it is level, and hang the cabinet on it. Concrete or solid brick walls only; plasterboard cannot hold the weight.

## Connecting to the inverter

Only a certified electrician may connect the Cell 10 to the inverter, using the 6 mm² DC cables supplied. The inverter must be a Lumo Hybrid 5 or another model on the compatibility list.

## Commissioning

Once wired, the installer runs the commissioning wizard in the installer app: it checks the wiring, updates the firmware, registers the warranty and sets the grid code of your country.`,
  },
  {
    id: 'app',
    title: 'The Lumo app',
    text: `# The Lumo app

## Pairing over Bluetooth

Open the app, tap Add device and hold the phone within two metres of the cabinet. The status light blinks blue while pairing; enter the six-digit code printed on the door.

## Reading the state of charge

The home screen shows the state of charge in percent, the power flowing in or out, and how long the stored energy lasts at the current use.

## Setting a backup reserve

Under Settings, Backup reserve, choose how much charge is always kept for outages, from 0 to 80 %. The battery never discharges below it for daily use.

## Sharing access

The owner can invite family members by e-mail from Settings, People. Invited users see the figures and get alerts but cannot change settings.`,
  },
  {
    id: 'warranty',
    title: 'Warranty',
    text: `# Warranty

## What is covered

The Cell 10 carries a ten-year warranty against defects in materials and workmanship, counted from the commissioning date, for the first owner and any later owner of the home.

## Capacity guarantee

Lumo guarantees that the battery keeps at least 70 % of its usable capacity after ten years or 4,000 full cycles, whichever comes first.

## What is not covered

Damage from flooding, fire, lightning, installation by someone who is not certified, or use outside the operating temperatures is not covered.

## Making a claim

To claim, send the serial number, the commissioning report and a description of the fault through the support form. A technician replies within two working days.`,
  },
  {
    id: 'returns',
    title: 'Returns and refunds',
    text: `# Returns and refunds

## Return window

Accessories and uninstalled batteries can be returned within 30 days of delivery, in their original packaging. Installed batteries cannot be returned, only repaired under warranty.

## Refunds

Once the return reaches our warehouse and passes inspection, the money goes back to the card or account you paid with within 14 days.

## Restocking fee

Opened batteries carry a restocking fee of 8 % of the price to cover inspection and repackaging. Unopened ones are refunded in full.

## Damaged on arrival

If the box arrives crushed or wet, refuse the delivery or note the damage on the courier's form, and send us photos within 48 hours so that we can send a replacement.`,
  },
  {
    id: 'shipping',
    title: 'Shipping',
    text: `# Shipping

## Delivery times

Accessories ship within two working days. Batteries are made to order and leave the factory within three weeks; delivery takes another three to five working days.

## Freight delivery

Batteries travel on a pallet with a freight carrier, who delivers to the kerb by tail lift. Moving the cabinet indoors is up to you or your installer.

## Tracking

A tracking link is e-mailed when the parcel leaves the warehouse. For pallets, the carrier calls a day ahead to agree a two-hour delivery slot.

## Shipping outside the EU

We ship to Switzerland, Norway and the United Kingdom. Import duties and VAT are charged by the courier on delivery and are not included in our prices.`,
  },
  {
    id: 'billing',
    title: 'Billing and the Lumo Plus plan',
    text: `# Billing and the Lumo Plus plan

## Lumo Plus

Lumo Plus costs €4.90 a month and adds tariff-aware charging, which charges from the grid when power is cheapest, and an extended warranty on the inverter.

## Invoices

Invoices are e-mailed as PDF files on the first day of each month and can be downloaded again from your account under Billing, Invoices.

## Payment methods

We accept credit and debit cards, SEPA direct debit and bank transfer. Direct debit is taken on the fifth day of the month.

## Cancelling

You can cancel Lumo Plus at any time from your account; it ends at the close of the month already paid, and no further payments are taken.`,
  },
  {
    id: 'safety',
    title: 'Safety',
    text: `# Safety

## Fire safety

The Cell 10 uses lithium iron phosphate cells, which do not catch fire when overcharged. In a fire, firefighters can use water; tell them a home battery is installed.

## Flooding

If water reaches the cabinet, do not touch it. Switch off the main breaker and call an electrician; the battery must be inspected before it is switched on again.

## Children and pets

The cabinet door is locked with a key and its surfaces stay below 50 °C, so it is safe near children and pets. Keep the key out of their reach.

## Disposal and recycling

At the end of its life, the battery is taken back free of charge by Lumo or any authorised dealer, and its materials are recycled. Never put it in household waste.`,
  },
  {
    id: 'outages',
    title: 'Power outages',
    text: `# Power outages

## Backup mode

When the grid fails, the system switches the backup circuits to the battery in under 20 milliseconds, so computers and routers keep running without a restart.

## How long the backup lasts

A full Cell 10 powers a typical household's essential loads — fridge, lights, router and heating pump — for about 18 hours. The app shows the remaining time.

## Black start

If the battery ran flat during an outage, the solar panels can restart the system at sunrise without the grid. Press the black start button for five seconds.

## Generator use

A generator can be connected to the generator port of the Lumo Hybrid 5. It then charges the battery during long outages; the battery starts it when charge drops to 20 %.`,
  },
];
