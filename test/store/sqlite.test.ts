import { sqliteBackend } from './backends.js';
import { storeContract } from './contract.js';

storeContract(sqliteBackend);
