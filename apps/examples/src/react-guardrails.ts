/**
 * Guardrails and tool authorization: checks beside the model, and a decision per user on every call.
 *
 * - An input guardrail checks the prompt before the model is called (`mode: 'parallel'` runs it
 *   while the first model call streams, and cancels the call when it trips).
 * - An output guardrail checks the final answer; `onTrip: 'retry'` sends its reason back once.
 * - `authorizeTool(call, ctx)` decides each call for the run's `principal`: `allow`, `deny` (the
 *   model reads a `tool_denied` result), or `approve` (the run suspends for a person).
 * - A tripped guardrail that ends the run rejects with `AgentStoppedError`, `stopReason: 'guardrail'`.
 *
 * Run: `node dist/react-guardrails.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { AgentStoppedError, defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct, type InputGuardrail, type OutputGuardrail } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

const refund = defineTool({
  name: 'refund',
  description: 'Refunds an order',
  input: Type.Object({ order: Type.String(), amount: Type.Number() }),
  execute: ({ order, amount }) => ({ refunded: amount, order }),
});
const orderStatus = defineTool({
  name: 'order_status',
  description: 'Tells where an order is',
  input: Type.Object({ order: Type.String() }),
  execute: ({ order }) => ({ order, status: 'shipped' }),
});

const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    // 2. the customer's run: a refund (denied for customers), then the status
    .toolCalls([
      { name: 'refund', args: { order: 'A-17', amount: 40 } },
      { name: 'order_status', args: { order: 'A-17' } },
    ])
    .text('Your order A-17 has shipped; I cannot refund it myself, call us at 555-0100.')
    .text('Your order A-17 has shipped; a colleague will look at the refund.'),
);
printHeader('Guardrails and tool authorization', { label });

const noCardNumbers: InputGuardrail = {
  name: 'card-number',
  check: ({ text }) => ({
    tripwire: /\b\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{4}\b/.test(text),
    reason: 'the message holds a card number',
  }),
};
const noPhoneNumbers: OutputGuardrail = {
  name: 'no-phone-numbers',
  onTrip: 'retry',
  check: ({ content }) => ({
    tripwire: /\d{3}-\d{4}/.test(content),
    reason: 'Do not give phone numbers; say a colleague will follow up.',
  }),
};

const client = createClient(provider, { defaultModel: model, tools: [refund, orderStatus] });
const agent = createReAct(client, {
  guardrails: { input: [noCardNumbers], output: [noPhoneNumbers] },
  authorizeTool: (call, ctx) =>
    call.name === 'refund' && ctx.principal?.roles?.includes('support') !== true
      ? { decision: 'deny', reason: 'only support staff can refund' }
      : 'allow',
});

// 1. An input guardrail stops the run before any model call.
try {
  await agent.execute('Refund order A-17 to my card 4111 1111 1111 1111', {
    principal: { id: 'customer-42', roles: ['customer'] },
  });
} catch (error) {
  if (AgentStoppedError.isInstance(error)) {
    console.log(
      `stopped: ${error.stopReason} by ${error.guardrail?.name} (${error.guardrail?.reason})`,
    );
  }
}

// 2. The customer's refund is denied; the output guardrail sends one answer back.
const stream = agent.executeStream('Where is order A-17? And refund it please.', {
  principal: { id: 'customer-42', roles: ['customer'] },
});
for await (const event of stream) {
  if (event.type === 'tool_denied') {
    console.log(`denied: ${event.toolCall.function.name} — ${event.reason}`);
  } else if (event.type === 'tool_result' && !event.failed) {
    console.log(`tool result: ${event.result}`);
  } else if (event.type === 'guardrail_tripped') {
    console.log(`guardrail ${event.guardrail.name}: ${event.action}`);
  } else if (event.type === 'final_answer') {
    console.log(`answer: ${event.result}`);
  }
}
await provider.close?.();
