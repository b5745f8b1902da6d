import type { ContentPart } from '../messages/content-part.js';
import type { Message } from '../messages/message.js';

/** What a user asks: text, content parts (text and media), or a whole user `Message`. */
export type Prompt = string | readonly ContentPart[] | Message;
