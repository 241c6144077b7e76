import { sqliteBackend } from './backends.js';
import { storeContract } from './contract.js';
import { deliveriesContract } from './deliveries-contract.js';
import { threadsContract } from './threads-contract.js';

storeContract(sqliteBackend);
deliveriesContract(sqliteBackend);
threadsContract(sqliteBackend);
