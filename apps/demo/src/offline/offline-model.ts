import {
  type ChatRequest,
  type ChatResponse,
  type Message,
  messageText,
  type StreamProvider,
  type ToolCall,
  type Usage,
} from '@aigo/ai';
import { createFakeProvider, estimateUsage } from '@aigo/testing/fake';

/** The model name the offline server answers as. */
export const OFFLINE_MODEL = 'aigo-offline-scripted';

/** Metres to feet, as the question states it. */
const FEET_PER_METRE = 3.28084;

/** The tool names the script calls (the names the demo gave its tools). */
export interface OfflineToolNames {
  readonly webFetch: string;
  readonly calculator: string;
}

/** The question the offline script knows how to answer. */
export function offlineQuestion(pageUrl: string): string {
  return (
    `How tall is the Eiffel Tower in feet? Read ${pageUrl} for its height in metres, then ` +
    `convert it with the calculator (1 m = ${FEET_PER_METRE} ft).`
  );
}

/**
 * The scripted "model" of the offline demo: `@aigo/testing`'s fake provider with a handler that
 * looks at the conversation so far and plays the next step of a ReAct run — read the page with the
 * web-fetch tool, multiply with the calculator, answer with JSON built from the tools' **real**
 * results. Each step carries a short reasoning text (streamed like a reasoning model's) and a usage
 * estimate (`estimateUsage`: four characters a token), with the previous call's prompt counted as
 * cached, the way a provider's prompt cache would see the growing conversation.
 *
 * It is not a language model: asked anything but {@link offlineQuestion}, it says so.
 */
export function createOfflineModel(pageUrl: string, tools: OfflineToolNames): StreamProvider {
  let previousPromptTokens = 0;
  let calls = 0;
  const nextCallId = (): string => `call_offline_${++calls}`;
  return createFakeProvider({ id: 'offline' }).onRequest((request) => {
    const step = nextStep(request, pageUrl, tools, nextCallId);
    const estimated = estimateUsage(request, step);
    const usage: Usage = {
      ...estimated,
      cachedTokens: Math.min(previousPromptTokens, estimated.promptTokens),
    };
    previousPromptTokens = estimated.promptTokens;
    return { ...step, usage };
  });
}

type Step = Pick<ChatResponse, 'content'> & Partial<Pick<ChatResponse, 'reasoning' | 'toolCalls'>>;

function nextStep(
  request: ChatRequest,
  pageUrl: string,
  tools: OfflineToolNames,
  nextCallId: () => string,
): Step {
  const question = request.messages.find((message) => message.role === 'user');
  if (question === undefined || !messageText(question).includes(pageUrl)) {
    return finalAnswer(
      'I am the offline scripted model of the aigo demo, not a language model: I only know the ' +
        'demo question. Set OPENAI_API_KEY, ANTHROPIC_API_KEY or GEMINI_API_KEY (or OPENAI_BASE_URL) to ask a real ' +
        'model anything.',
      [],
      [],
      'This is not the question my script knows. I should say so instead of making something up.',
    );
  }
  const results = toolResults(request.messages);
  const page = results.get(tools.webFetch);
  if (page === undefined) {
    return toolCall(
      nextCallId(),
      tools.webFetch,
      { url: pageUrl },
      'The user wants the height in feet. I do not know it for sure, so I will read the page ' +
        'first and take the height in metres from it.',
    );
  }
  const metres = heightInMetres(page);
  if (metres === undefined) {
    return finalAnswer(
      `I could not find the tower's height on ${pageUrl}, so I cannot convert it.`,
      [],
      [pageUrl],
      'The page did not give me a height in metres. I will say so rather than guess.',
    );
  }
  const product = results.get(tools.calculator);
  if (product === undefined) {
    return toolCall(
      nextCallId(),
      tools.calculator,
      { operation: 'multiply', a: metres, b: FEET_PER_METRE },
      `The page says the tower is ${metres} metres tall. ${metres} × ${FEET_PER_METRE} needs exact ` +
        'arithmetic, so I will ask the calculator instead of doing it in my head.',
    );
  }
  const feet = calculatorResult(product);
  if (feet === undefined) {
    return finalAnswer(
      `The tower is ${metres} m tall; the calculator failed, so I give no figure in feet.`,
      [{ label: 'height', value: metres, unit: 'm' }],
      [pageUrl],
      'The calculator returned an error. I will report the height in metres only.',
    );
  }
  const rounded = Math.round(feet * 100) / 100;
  return finalAnswer(
    `The Eiffel Tower is ${metres} m tall including its antennas, which is about ` +
      `${rounded.toLocaleString('en-US')} ft.`,
    [
      { label: 'height', value: metres, unit: 'm' },
      { label: 'height', value: rounded, unit: 'ft' },
    ],
    [pageUrl],
    `I have the height (${metres} m) and the calculator's result (${feet} ft). Time to answer ` +
      'with the JSON the schema asks for.',
  );
}

/** The latest result of each tool, by tool name (tool messages matched to their calls' names). */
function toolResults(messages: readonly Message[]): Map<string, string> {
  const names = new Map<string, string>();
  const results = new Map<string, string>();
  for (const message of messages) {
    for (const call of message.toolCalls ?? []) names.set(call.id, call.function.name);
    if (message.role === 'tool') {
      const name = names.get(message.toolCallId ?? '') ?? message.name ?? '';
      results.set(name, messageText(message));
    }
  }
  return results;
}

/** The first "N metres" of the fetched page's Markdown, or `undefined` (an error envelope has none). */
function heightInMetres(result: string): number | undefined {
  const markdown = parse<{ markdown?: unknown }>(result)?.markdown;
  if (typeof markdown !== 'string') return undefined;
  const match = /(\d[\d,]*(?:\.\d+)?)\s*(?:\*\*)?\s*(?:metres|meters|m)\b/i.exec(markdown);
  return match?.[1] === undefined ? undefined : Number(match[1].replaceAll(',', ''));
}

function calculatorResult(result: string): number | undefined {
  const value = parse<{ result?: unknown }>(result)?.result;
  return typeof value === 'number' ? value : undefined;
}

function parse<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

function toolCall(id: string, name: string, args: object, reasoning: string): Step {
  const call: ToolCall = {
    id,
    type: 'function',
    function: { name, arguments: JSON.stringify(args) },
  };
  return { content: '', reasoning, toolCalls: [call] };
}

function finalAnswer(
  answer: string,
  figures: readonly { label: string; value: number; unit: string }[],
  sources: readonly string[],
  reasoning: string,
): Step {
  return { content: JSON.stringify({ answer, figures, sources }), reasoning };
}
