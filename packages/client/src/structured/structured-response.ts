import type { ChatResponse } from '@aigo/ai';

/** A model's answer with its content parsed and validated as `T`. */
export type StructuredResponse<T> = ChatResponse & { readonly data: T };
