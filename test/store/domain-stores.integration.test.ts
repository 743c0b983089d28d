/** The domain stores on the stores the app runs on; the unit tier runs them on the memory store. */
import { describeDomainStores } from './domain-stores-suite.js';
import { storeKinds } from './store-harness.js';

describeDomainStores(storeKinds(['redis', 'file']));
