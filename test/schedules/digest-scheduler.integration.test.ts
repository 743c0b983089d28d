/** The digest scheduler on the stores the app runs on: replicas on separate Redis connections, or one embedded store. */
import { storeKinds } from '../store/store-harness.js';
import { describeDigestScheduler } from '../digest/digest-scheduler-suite.js';

describeDigestScheduler(storeKinds(['redis', 'file']));
