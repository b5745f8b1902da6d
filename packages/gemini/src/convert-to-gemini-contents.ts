import { type ContentPart, type Message, messageText, ValidationError } from '@aigo/ai';
import type {
  GeminiContent,
  GeminiFunctionResponsePart,
  GeminiJson,
  GeminiPart,
} from './gemini-api.js';
import { readGeminiMetadata } from './gemini-provider-metadata.js';

/** The conversation in Gemini's shape. */
export interface GeminiPrompt {
  readonly contents: GeminiContent[];
  readonly systemInstruction?: { parts: GeminiPart[] };
}

interface KnownCall {
  readonly name: string;
  readonly functionCallId: string | undefined;
  /** Position among its assistant message's calls, to order parallel results. */
  readonly position: number;
}

/**
 * Converts the system prompt and messages into Gemini's `systemInstruction` and `contents`:
 *
 * - `systemPrompt`, then every `system` message, become `systemInstruction` text parts (Gemini has
 *   no system role inside `contents`).
 * - `user` → `{ role: 'user' }`; text and media parts map to `text`, `inlineData` (base64) or
 *   `fileData` (URI, preferred when both are set).
 * - `assistant` → `{ role: 'model' }` with, in order: its code executions (`executableCode` +
 *   `codeExecutionResult`), its text, and one `functionCall` per tool call. Thought signatures go
 *   back on the part that carried them: a call's on its `functionCall` part, the message's own on its
 *   text part (an empty text part at the end when the message has no text). Reasoning text is not
 *   sent back.
 * - `tool` messages → `functionResponse` parts; consecutive tool messages (the results of parallel
 *   calls) share one `user` turn, in the order of the calls they answer. The function name comes from
 *   `message.name` or from the assistant call with the same id; the API's own call id is sent back
 *   when the call had one. A result that is a JSON object is sent as is; anything else (an array, a
 *   number, plain text) is wrapped as `{ "result": … }`, because Gemini takes objects only. The
 *   result is the tool message's text (its text parts joined); its image and document parts go in
 *   `functionResponse.parts` (`inlineData`, or `fileData` for a URI) when `mediaInToolResults` is
 *   true — Gemini 3 and later take multimodal function responses, Gemini 2.x rejects them — and are
 *   left out otherwise, as are audio and video parts, which function responses do not take.
 *
 * @throws ValidationError naming the message that cannot be sent.
 */
export function convertToGeminiContents(
  messages: readonly Message[],
  systemPrompt: string | undefined,
  mediaInToolResults = false,
): GeminiPrompt {
  const systemParts: GeminiPart[] = [];
  if (systemPrompt !== undefined && systemPrompt.length > 0)
    systemParts.push({ text: systemPrompt });

  const calls = collectCalls(messages);
  const contents: GeminiContent[] = [];
  let pendingResults: { part: GeminiPart; order: number }[] = [];
  const flushResults = () => {
    if (pendingResults.length === 0) return;
    const ordered = pendingResults
      .map((entry, arrival) => ({ ...entry, arrival }))
      .sort((a, b) => a.order - b.order || a.arrival - b.arrival);
    contents.push({ role: 'user', parts: ordered.map((entry) => entry.part) });
    pendingResults = [];
  };

  messages.forEach((message, index) => {
    const where = `messages[${index}]`;
    if (message === null || typeof message !== 'object') {
      throw new ValidationError(where, 'must be a message');
    }
    if (message.role === 'tool') {
      pendingResults.push(functionResponsePart(message, calls, where, mediaInToolResults));
      return;
    }
    flushResults();
    switch (message.role) {
      case 'system': {
        const text = messageText(message);
        if (text.length > 0) systemParts.push({ text });
        return;
      }
      case 'user':
        contents.push({ role: 'user', parts: userParts(message, where) });
        return;
      case 'assistant': {
        const parts = modelParts(message, where);
        if (parts.length > 0) contents.push({ role: 'model', parts });
        return;
      }
      default:
        throw new ValidationError(
          `${where}.role`,
          `must be user, assistant, tool or system, got ${String((message as Message).role)}`,
        );
    }
  });
  flushResults();

  return systemParts.length > 0
    ? { contents, systemInstruction: { parts: systemParts } }
    : { contents };
}

function collectCalls(messages: readonly Message[]): Map<string, KnownCall> {
  const calls = new Map<string, KnownCall>();
  for (const message of messages) {
    if (message?.role !== 'assistant' || message.toolCalls === undefined) continue;
    message.toolCalls.forEach((call, position) => {
      if (typeof call?.id !== 'string') return;
      calls.set(call.id, {
        name: call.function?.name ?? '',
        functionCallId: readGeminiMetadata(call.providerMetadata).functionCallId,
        position,
      });
    });
  }
  return calls;
}

function userParts(message: Message, where: string): GeminiPart[] {
  if (typeof message.content === 'string') return [{ text: message.content }];
  if (!Array.isArray(message.content)) {
    throw new ValidationError(`${where}.content`, 'must be a string or an array of content parts');
  }
  const parts = message.content.map((part, index) =>
    contentPart(part, `${where}.content[${index}]`),
  );
  return parts.length > 0 ? parts : [{ text: '' }];
}

function contentPart(part: ContentPart, where: string): GeminiPart {
  if (part === null || typeof part !== 'object') {
    throw new ValidationError(where, 'must be a content part');
  }
  const signature = readGeminiMetadata(part.providerMetadata).thoughtSignature;
  let converted: GeminiPart;
  switch (part.type) {
    case 'text':
      converted = { text: part.text };
      break;
    case 'image':
    case 'audio':
    case 'video':
    case 'document':
      if (typeof part.uri === 'string' && part.uri.length > 0) {
        converted = {
          fileData:
            part.mimeType === undefined
              ? { fileUri: part.uri }
              : { mimeType: part.mimeType, fileUri: part.uri },
        };
      } else if (typeof part.data === 'string') {
        if (typeof part.mimeType !== 'string') {
          throw new ValidationError(`${where}.mimeType`, 'is required for inline data');
        }
        converted = { inlineData: { mimeType: part.mimeType, data: part.data } };
      } else {
        throw new ValidationError(where, `a ${part.type} part needs data or a uri`);
      }
      break;
    default:
      throw new ValidationError(
        `${where}.type`,
        `must be text, image, audio, video or document, got ${String((part as ContentPart).type)}`,
      );
  }
  if (signature !== undefined) converted.thoughtSignature = signature;
  return converted;
}

function modelParts(message: Message, where: string): GeminiPart[] {
  const parts: GeminiPart[] = [];
  for (const execution of message.codeExecutions ?? []) {
    if (execution.code) {
      const language = (execution.language || 'python').toUpperCase();
      parts.push({ executableCode: { language, code: execution.code } });
    }
    if (execution.outcome !== undefined || execution.output !== undefined) {
      const result: { outcome?: string; output?: string } = {};
      if (execution.outcome !== undefined) result.outcome = toWireOutcome(execution.outcome);
      if (execution.output !== undefined) result.output = execution.output;
      parts.push({ codeExecutionResult: result });
    }
  }

  // The signature a text part carried: back on the text, or on an empty text part at the end.
  let messageSignature = readGeminiMetadata(message.providerMetadata).thoughtSignature;
  if (typeof message.content === 'string') {
    if (message.content.length > 0) {
      const text: GeminiPart = { text: message.content };
      if (messageSignature !== undefined) text.thoughtSignature = messageSignature;
      messageSignature = undefined;
      parts.push(text);
    }
  } else if (Array.isArray(message.content)) {
    const converted = message.content.map((part, index) =>
      contentPart(part, `${where}.content[${index}]`),
    );
    if (converted.some((part) => part.thoughtSignature !== undefined)) messageSignature = undefined;
    const lastText = converted.findLast((part) => part.text !== undefined);
    if (messageSignature !== undefined && lastText !== undefined) {
      lastText.thoughtSignature = messageSignature;
      messageSignature = undefined;
    }
    parts.push(...converted);
  } else {
    throw new ValidationError(`${where}.content`, 'must be a string or an array of content parts');
  }

  (message.toolCalls ?? []).forEach((call, index) => {
    const callWhere = `${where}.toolCalls[${index}]`;
    if (call === null || typeof call !== 'object' || typeof call.function?.name !== 'string') {
      throw new ValidationError(callWhere, 'must be a tool call with a function name');
    }
    const metadata = readGeminiMetadata(call.providerMetadata);
    const functionCall: { id?: string; name: string; args: { [key: string]: GeminiJson } } = {
      name: call.function.name,
      args: parseArguments(call.function.arguments, `${callWhere}.function.arguments`),
    };
    if (metadata.functionCallId !== undefined) functionCall.id = metadata.functionCallId;
    const part: GeminiPart = { functionCall };
    if (metadata.thoughtSignature !== undefined) part.thoughtSignature = metadata.thoughtSignature;
    parts.push(part);
  });
  if (messageSignature !== undefined) parts.push({ text: '', thoughtSignature: messageSignature });
  return parts;
}

function parseArguments(text: string, where: string): { [key: string]: GeminiJson } {
  if (text === undefined || text === null || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError(where, 'must be a JSON object (Gemini takes arguments as objects)');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ValidationError(where, 'must be a JSON object (Gemini takes arguments as objects)');
  }
  return parsed as { [key: string]: GeminiJson };
}

function functionResponsePart(
  message: Message,
  calls: ReadonlyMap<string, KnownCall>,
  where: string,
  mediaInToolResults: boolean,
): { part: GeminiPart; order: number } {
  const call = typeof message.toolCallId === 'string' ? calls.get(message.toolCallId) : undefined;
  const name = message.name || call?.name;
  if (!name) {
    throw new ValidationError(
      `${where}.name`,
      'is required: Gemini needs the function name with each result, and no assistant tool call ' +
        `has the id ${JSON.stringify(message.toolCallId)}`,
    );
  }
  const functionResponse: NonNullable<GeminiPart['functionResponse']> = {
    name,
    response: responseObject(messageText(message)),
  };
  if (call?.functionCallId !== undefined) functionResponse.id = call.functionCallId;
  if (mediaInToolResults && Array.isArray(message.content)) {
    const parts = functionResponseMedia(message.content, where);
    if (parts.length > 0) functionResponse.parts = parts;
  }
  return { part: { functionResponse }, order: call?.position ?? Number.MAX_SAFE_INTEGER };
}

/** The image and document parts of a tool result, as `functionResponse.parts`. */
function functionResponseMedia(
  content: readonly ContentPart[],
  where: string,
): GeminiFunctionResponsePart[] {
  const parts: GeminiFunctionResponsePart[] = [];
  content.forEach((part, index) => {
    if (part?.type !== 'image' && part?.type !== 'document') return;
    const { inlineData, fileData } = contentPart(part, `${where}.content[${index}]`);
    if (inlineData !== undefined) parts.push({ inlineData });
    else if (fileData !== undefined) parts.push({ fileData });
  });
  return parts;
}

function responseObject(text: string): { [key: string]: GeminiJson } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { result: text };
  }
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    return parsed as { [key: string]: GeminiJson };
  }
  return { result: parsed as GeminiJson };
}

/** `ok` → `OUTCOME_OK` etc.; a raw outcome (`OUTCOME_FAILED`) is sent unchanged. */
function toWireOutcome(outcome: string): string {
  switch (outcome) {
    case 'ok':
      return 'OUTCOME_OK';
    case 'failed':
      return 'OUTCOME_FAILED';
    case 'deadline_exceeded':
      return 'OUTCOME_DEADLINE_EXCEEDED';
    default:
      return outcome;
  }
}
