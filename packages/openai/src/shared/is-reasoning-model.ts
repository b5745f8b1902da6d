/**
 * True for OpenAI models that reason (o-series, gpt-5 except the `gpt-5-chat` models, codex).
 * Only these accept `include: ['reasoning.encrypted_content']`; other models reject it ("Encrypted
 * content is not supported with this model"). A `provider/` prefix (OpenRouter) is ignored.
 */
export function isReasoningModel(model: string): boolean {
  const id = model.toLowerCase().replace(/^[a-z0-9-]+\//, '');
  if (id.startsWith('gpt-5-chat')) return false;
  return /^(?:o\d|gpt-5|codex)/.test(id);
}
