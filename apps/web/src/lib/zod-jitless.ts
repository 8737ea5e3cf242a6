import { config } from 'zod';

// Runs before the contract's modules (see ./contract.ts), so every schema is created jitless.
config({ jitless: true });
