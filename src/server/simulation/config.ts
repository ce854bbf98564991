/** Settings of the facility API (/api/simulation), from the environment. */
export interface SimulationConfig {
  /** Calls one API key may make per minute (SIMULATION_RATE_LIMIT_PER_MINUTE); past it: 429. */
  rateLimitPerMinute: number;
  /** Lifetime of a token from POST /v1/token (SIMULATION_TOKEN_TTL_MINUTES). */
  tokenTtlMinutes: number;
  /** Deadline of a proxied call (SIMULATION_PROXY_TIMEOUT_MS; the spec's 30 s). */
  proxyTimeoutMs: number;
}

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
};

export function simulationConfig(env: NodeJS.ProcessEnv): SimulationConfig {
  return {
    rateLimitPerMinute: int(env.SIMULATION_RATE_LIMIT_PER_MINUTE, 120),
    tokenTtlMinutes: int(env.SIMULATION_TOKEN_TTL_MINUTES, 60),
    proxyTimeoutMs: int(env.SIMULATION_PROXY_TIMEOUT_MS, 30000),
  };
}
