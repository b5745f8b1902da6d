/** Model families that reject `functionResponse.parts` (Gemini 1.x and 2.x, Gemma, LearnLM). */
const NO_MULTIMODAL_FUNCTION_RESPONSES = /^(?:models\/)?(?:gemini-[12](?:\.|-|$)|gemma|learnlm)/i;

/**
 * True when `model` takes multimodal function responses — media a tool returned, in
 * `functionResponse.parts`: Gemini 3 and later. Gemini 2.x answers such a request with HTTP 400
 * ("`function_response.parts` is not supported for this model"), so for those models, and when the
 * model is unknown, tool media is left out.
 */
export function supportsMultimodalFunctionResponses(model: string | undefined): boolean {
  if (typeof model !== 'string') return false;
  const id = model.trim();
  return id !== '' && !NO_MULTIMODAL_FUNCTION_RESPONSES.test(id);
}
