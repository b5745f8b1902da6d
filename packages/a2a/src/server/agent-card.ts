import type { AgentCard, AgentInterface, AgentSkill } from '@a2a-js/sdk';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';
import type { ToolDescription } from '@aigo/ai';
import type { CheckedServeOptions } from './serve-a2a-options.js';

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
 * The agent card: name and description from the agent (or the options), one skill per tool (the
 * agent itself when it has none), JSON-RPC and HTTP+JSON endpoints for A2A 1.0 — and for 0.3 when
 * `legacy` — and streaming.
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
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: MODES,
    defaultOutputModes: MODES,
    skills,
    signatures: [],
  };
}
