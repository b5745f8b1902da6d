import type { AgentCard, AgentInterface, AgentSkill, SecurityScheme } from '@a2a-js/sdk';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';
import type { ToolDescription } from '@aigo/ai';
import type { CheckedServeOptions } from './serve-a2a-options.js';

/** Where the agent card is, under the server's base URL. */
export const AGENT_CARD_PATH = '/.well-known/agent-card.json';
/** Where the JSON-RPC endpoint is, under the server's base URL. */
export const JSONRPC_PATH = '/a2a/jsonrpc';
/** Where the HTTP+JSON (REST) endpoints are, under the server's base URL. */
export const REST_PATH = '/a2a/rest';

const MODES = ['text/plain', 'application/json'];

function skill(id: string, name: string, description: string, tags: string[]): AgentSkill {
  return {
    id,
    name,
    description,
    tags,
    examples: [],
    inputModes: [],
    outputModes: [],
    securityRequirements: [],
  };
}

/**
 * What the card says of authentication: with `authorize`, the HTTP Bearer scheme (the guard answers
 * a refused request 401 with `WWW-Authenticate: Bearer`), required on every call; otherwise none.
 */
function security(required: boolean): Pick<AgentCard, 'securitySchemes' | 'securityRequirements'> {
  if (!required) return { securitySchemes: {}, securityRequirements: [] };
  const description = 'A bearer token in the Authorization header';
  const bearer: SecurityScheme = {
    scheme: {
      $case: 'httpAuthSecurityScheme',
      value: { description, scheme: 'Bearer', bearerFormat: '' },
    },
  };
  // The SDK serves the 1.0 card with JSON.stringify of this object, which would write the oneof as
  // the SDK holds it (`scheme.$case`); the protocol's JSON names the case instead. The SDK's own
  // code (its 0.3 card, its extended card) reads `scheme`, which this leaves as it is.
  Object.defineProperty(bearer, 'toJSON', {
    value: () => ({ httpAuthSecurityScheme: { description, scheme: 'Bearer' } }),
  });
  return {
    securitySchemes: { bearer },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
  };
}

/**
 * The agent card: name and description from the agent (or the options), one skill per tool (the
 * agent itself when it has none), JSON-RPC and HTTP+JSON endpoints for A2A 1.0 — and for 0.3 when
 * `legacy` — streaming, and the Bearer scheme when calls need authorization.
 */
export function buildAgentCard(
  baseUrl: string,
  tools: readonly ToolDescription[],
  options: CheckedServeOptions,
): AgentCard {
  const base = baseUrl.replace(/\/+$/, '');
  const description = options.description ?? `The aigo agent ${options.name}.`;
  const interfaces: AgentInterface[] = [
    {
      url: `${base}${JSONRPC_PATH}`,
      protocolBinding: 'JSONRPC',
      tenant: '',
      protocolVersion: '1.0',
    },
    {
      url: `${base}${REST_PATH}`,
      protocolBinding: 'HTTP+JSON',
      tenant: '',
      protocolVersion: '1.0',
    },
  ];
  const skills =
    tools.length === 0
      ? [skill(options.name, options.name, description, ['agent'])]
      : tools.map((tool) => skill(tool.name, tool.name, tool.description, ['tool']));
  return {
    name: options.name,
    description,
    supportedInterfaces: options.legacy
      ? duplicateInterfacesForLegacy(interfaces, ['JSONRPC', 'HTTP+JSON'])
      : interfaces,
    provider: options.provider,
    version: options.version,
    capabilities: {
      streaming: true,
      pushNotifications: false,
      extensions: [],
      extendedAgentCard: false,
    },
    ...security(options.server.authorize !== undefined),
    defaultInputModes: MODES,
    defaultOutputModes: MODES,
    skills,
    signatures: [],
  };
}
