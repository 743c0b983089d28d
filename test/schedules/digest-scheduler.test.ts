/** The digest scheduler on the in-memory store (unit tier); the integration tier runs it on Redis and files. */
import { describeDigestScheduler } from '../digest/digest-scheduler-suite.js';

describeDigestScheduler(['memory']);
