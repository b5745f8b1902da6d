import {
  addUsage,
  type ChatRequest,
  type Message,
  type StreamProvider,
  systemMessage,
  toAssistantMessage,
  toolMessage,
  type Usage,
  userMessage,
} from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { calculator } from './calculator-tool.js';

/** Where the demo writes (`process.stdout`, or a buffer in tests). */
export interface DemoOutput {
  write(text: string): unknown;
}

const MODEL = 'fake-model';
const QUESTION = 'What is 12.5 times 4?';

/**
 * The scripted "model": its first answer asks for the calculator, its second answers in words. This is
 * `@aigo/testing`'s fake provider; a real adapter (`@aigo/openai`, `@aigo/gemini`) has the same
 * `StreamProvider` shape, so the loop below would not change.
 */
export function scriptedModel(): StreamProvider {
  return createFakeProvider({ id: 'fake' })
    .toolCall('calculator', { operation: 'multiply', a: 12.5, b: 4 })
    .text('12.5 times 4 is 50. (The calculator tool did the arithmetic.)');
}

/**
 * Runs one conversation turn by hand, the way `@aigo/client` will automate it: send the question with
 * the tool offered, run each tool call the model asks for, send the results back, and stream the final
 * answer, printing each content delta as it arrives and the token usage at the end.
 *
 * @param out - Where to print.
 * @param provider - The model (default: {@link scriptedModel}).
 * @returns The total usage of both calls.
 */
export async function runDemo(
  out: DemoOutput,
  provider: StreamProvider = scriptedModel(),
): Promise<Usage | undefined> {
  out.write(
    'aigo demo: an offline placeholder for the demo agent.\n' +
      'A scripted fake provider from @aigo/testing stands in for a model: no network, no API key.\n\n',
  );
  const messages: Message[] = [
    systemMessage('You are a careful assistant. Use the calculator for arithmetic.'),
    userMessage(QUESTION),
  ];
  const request = (): ChatRequest => ({ model: MODEL, messages, tools: [calculator.description] });
  out.write(`user: ${QUESTION}\n`);

  // 1. Send the question; the model answers with a tool call.
  const first = await provider.sendMessage(request());
  messages.push(toAssistantMessage(first));
  let usage = first.usage;

  // 2. Run every tool call and send each result back as a tool message.
  for (const call of first.toolCalls) {
    out.write(`model calls ${call.function.name}(${call.function.arguments})\n`);
    const result = await calculator.call(call.function.arguments, { toolCallId: call.id });
    out.write(`tool ${call.function.name} returns ${result}\n`);
    messages.push(toolMessage(call.id, result, call.function.name));
  }

  // 3. Stream the final answer, printing content deltas as they arrive.
  const stream = await provider.streamMessage(request());
  out.write('assistant (streaming): ');
  let deltas = 0;
  for await (const event of stream) {
    if (event.type === 'content') {
      out.write(event.text);
      deltas++;
    }
  }
  const final = await stream.collect();
  usage = addUsage(usage, final.usage);
  out.write(`\n(${deltas} content deltas, finish reason: ${final.finishReason})\n\n`);

  if (usage) {
    out.write(
      `usage: ${usage.promptTokens} prompt + ${usage.completionTokens} completion = ${usage.totalTokens} tokens over 2 calls\n`,
    );
  }
  return usage;
}
