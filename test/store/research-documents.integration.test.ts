/** ResearchDocuments on the stores the app runs on: a real Redis, and the embedded file store. */
import { describeResearchDocuments } from './research-documents-suite.js';
import { storeKinds } from './store-harness.js';

describeResearchDocuments(storeKinds(['redis', 'file']));
