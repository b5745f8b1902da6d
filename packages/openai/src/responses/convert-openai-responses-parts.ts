import { type ContentPart, type Message, messageText } from '@aigo/ai';
import type { UserPartWriter } from '../request/convert-user-part.js';
import {
  dataUrlOf,
  filenameOf,
  imageDetailOf,
  imageUrlOf,
  isOpenAIFileId,
} from '../request/media.js';
import type { OpenAIResponsesToolOutputContent } from '../wire/openai-responses-api.js';

/** The API's name in errors. */
export const RESPONSES_API = 'OpenAI Responses API';

/** The Responses API's own part shapes: `input_text`, `input_image`, `input_file`. */
export const RESPONSES_PARTS = Object.freeze<UserPartWriter<OpenAIResponsesToolOutputContent>>({
  api: RESPONSES_API,
  text: (text: string): OpenAIResponsesToolOutputContent => ({ type: 'input_text', text }),
  image(part, where): OpenAIResponsesToolOutputContent {
    const detail = imageDetailOf(part) ?? 'auto';
    if (part.uri !== undefined && isOpenAIFileId(part.uri)) {
      return { type: 'input_image', file_id: part.uri, detail };
    }
    return { type: 'input_image', image_url: imageUrlOf(part, where), detail };
  },
  document(part, where): OpenAIResponsesToolOutputContent {
    if (part.uri !== undefined) {
      return isOpenAIFileId(part.uri)
        ? { type: 'input_file', file_id: part.uri }
        : { type: 'input_file', file_url: part.uri };
    }
    return { type: 'input_file', filename: filenameOf(part), file_data: dataUrlOf(part, where) };
  },
});

/**
 * The `output` of the `function_call_output` item answering a tool message. Text alone (a string
 * content, or text parts only) is sent as one string. With media parts (a tool's screenshot, a PDF
 * it fetched), the output is an array in the order of the parts: `input_text` for text,
 * `input_image` for images, `input_file` for documents; audio and video parts are left out, since a
 * function call output takes neither.
 */
export function functionCallOutput(
  message: Message,
  where: string,
): string | OpenAIResponsesToolOutputContent[] {
  const content = message.content;
  if (typeof content === 'string' || !content.some(isSendableMedia)) return messageText(message);
  const output: OpenAIResponsesToolOutputContent[] = [];
  content.forEach((part, j) => {
    const at = `${where}.content[${j}]`;
    if (part.type === 'text') output.push(RESPONSES_PARTS.text(part.text));
    else if (part.type === 'image') output.push(RESPONSES_PARTS.image(part, at));
    else if (part.type === 'document') output.push(RESPONSES_PARTS.document(part, at));
  });
  return output;
}

function isSendableMedia(part: ContentPart): boolean {
  return part.type === 'image' || part.type === 'document';
}
