/** ResearchDocuments on the memory store (the unit tier); Redis and the file store: research-documents.integration.test.ts. */
import { describeResearchDocuments } from './research-documents-suite.js';

describeResearchDocuments(['memory']);
