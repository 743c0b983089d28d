/** The domain stores on the in-memory store (unit tier); the integration tier runs them on Redis and files. */
import { describeDomainStores } from './domain-stores-suite.js';

describeDomainStores(['memory']);
