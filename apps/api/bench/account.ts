/** The verified account the benchmark's server creates and the login measurement uses. */
export const BENCH_ACCOUNT = { email: 'bench@example.com', password: 'Measured-speed-2026' };
