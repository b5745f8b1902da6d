import { type Message, ValidationError } from '@aigo/ai';
import { readGeminiMetadata } from '../shared/gemini-provider-metadata.js';
import { readPartRecords } from '../shared/gemini-turn-parts.js';
import type { GeminiPart } from '../wire/gemini-api.js';
import { convertContentPart } from './convert-gemini-content-part.js';
import {
  codeExecutionResultPart,
  executableCodePart,
  functionCallPart,
} from './gemini-model-part.js';
import { rebuildGeminiTurn } from './rebuild-gemini-turn.js';

/**
 * An assistant message as the parts of a `model` turn. A message that came from Gemini with part
 * records (`providerMetadata.gemini.parts`) is sent back as Gemini sent it, part for part, with
 * every thought signature in place ({@link rebuildGeminiTurn}). Any other message — or one whose
 * records no longer fit it — is built from its fields, in order: its code executions
 * (`executableCode` + `codeExecutionResult`), its text, one `functionCall` per tool call; the
 * message's own signature goes on its text part (the last text part of an array), or on an empty
 * text part at the end when it has no text. Reasoning text is not sent back that way.
 *
 * @throws ValidationError naming the message's field that cannot be sent.
 */
export function convertModelTurn(message: Message, where: string): GeminiPart[] {
  const metadata = readGeminiMetadata(message.providerMetadata);
  const records = readPartRecords(metadata.parts);
  if (records !== undefined) {
    const rebuilt = rebuildGeminiTurn(message, records, where);
    if (rebuilt !== undefined) return rebuilt;
  }

  const parts: GeminiPart[] = [];
  for (const execution of message.codeExecutions ?? []) {
    const code = executableCodePart(execution);
    if (code !== undefined) parts.push(code);
    const result = codeExecutionResultPart(execution);
    if (result !== undefined) parts.push(result);
  }

  // The signature a text part carried: back on the text, or on an empty text part at the end.
  let messageSignature = metadata.thoughtSignature;
  if (typeof message.content === 'string') {
    if (message.content.length > 0) {
      const text: GeminiPart = { text: message.content };
      if (messageSignature !== undefined) text.thoughtSignature = messageSignature;
      messageSignature = undefined;
      parts.push(text);
    }
  } else if (Array.isArray(message.content)) {
    const converted = message.content.map((part, index) =>
      convertContentPart(part, `${where}.content[${index}]`),
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
    parts.push(functionCallPart(call, `${where}.toolCalls[${index}]`));
  });
  if (messageSignature !== undefined) parts.push({ text: '', thoughtSignature: messageSignature });
  return parts;
}
