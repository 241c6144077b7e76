import { describe, inject } from 'vitest';
import { postgresBackend } from './backends.js';
import { storeContract } from './contract.js';
import { deliveriesContract } from './deliveries-contract.js';
import { threadsContract } from './threads-contract.js';

const serverUrl = inject('pgUrl');

describe.skipIf(!serverUrl)('PostgreSQL store', () => {
  if (serverUrl) {
    storeContract(postgresBackend(serverUrl));
    deliveriesContract(postgresBackend(serverUrl));
    threadsContract(postgresBackend(serverUrl));
  }
});
