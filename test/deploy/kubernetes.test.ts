/**
 * deploy/kubernetes/: every object valid by Kubernetes' OpenAPI schemas (kubernetes-models, generated
 * from them, validate()), and consistent with the app: its variables (the manifests' environment
 * loads with the app's own config loader), probe paths, ports, shutdown deadline, secrets.
 */
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { type IPodDisruptionBudget, PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap, type IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { type ISecret, Secret } from 'kubernetes-models/v1/Secret';
import { type IService, Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { SHUTDOWN_DEADLINE_MS } from '../../src/composition/close-on-signals.js';
import { CONFIG_VARIABLES, loadConfig } from '../../src/config/load-config.js';
import { findObject, type KubernetesObject, readDockerfileRuntime, readKubernetesFiles } from './deploy-files.js';
import { SHARED_DEPENDENCY_CHECKS } from '../../src/composition/build-desk-app.js';
import { appHealthPaths } from './health-paths.js';
import { SDK_VARIABLES } from './sdk-variables.js';

/** The kinds the manifests use, by apiVersion/kind: a new kind needs its model here. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

function validateObject(object: KubernetesObject): void {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) throw new Error(`no model for ${object.apiVersion} ${object.kind}: add it to MODELS`);
  new Model(object as never).validate();
}

const files = readKubernetesFiles();
const manifests = files.filter((f) => f.file !== 'kustomization.yaml');
const deployment = findObject<IDeployment>(manifests, 'Deployment');
const service = findObject<IService>(manifests, 'Service');
const configMap = findObject<IConfigMap>(manifests, 'ConfigMap');
const secret = findObject<ISecret>(manifests, 'Secret');
const budget = findObject<IPodDisruptionBudget>(manifests, 'PodDisruptionBudget');
const pod = deployment.spec?.template;
const container = pod?.spec?.containers[0];
const settings = configMap.data ?? {};
const secrets = secret.stringData ?? {};
const portNamed = (name: string) => container?.ports?.find((p) => p.name === name)?.containerPort;

describe('deploy/kubernetes/', () => {
  it.each(manifests.flatMap((f) => f.objects.map((o) => [`${f.file}: ${o.kind} ${o.metadata?.name}`, o] as const)))(
    '%s is valid by the Kubernetes OpenAPI schema',
    (_name, object) => {
      validateObject(object);
    },
  );

  it('the schema check is live: a wrong type and a missing required field are refused', () => {
    const wrongType = structuredClone(deployment) as unknown as { spec: { replicas: unknown } };
    wrongType.spec.replicas = 'two';
    expect(() => validateObject(wrongType as unknown as KubernetesObject)).toThrow(/replicas/);
    const noSelector = structuredClone(deployment) as unknown as { spec: { selector?: unknown } };
    delete noSelector.spec.selector;
    expect(() => validateObject(noSelector as unknown as KubernetesObject)).toThrow(/selector/);
  });

  it("kustomization.yaml lists every manifest but the Secret example, and sets the Deployment's image", () => {
    const kustomization = files.find((f) => f.file === 'kustomization.yaml')?.objects[0] as
      | { resources: string[]; images?: Array<{ name: string }> }
      | undefined;
    const expected = manifests.map((f) => f.file).filter((f) => !f.includes('.example.'));
    expect([...(kustomization?.resources ?? [])].sort()).toEqual(expected);
    expect(kustomization?.images?.map((i) => i.name)).toEqual([container?.image]);
  });

  it('sets only variables the app reads (or the OpenTelemetry SDK does)', () => {
    expect(container?.env ?? []).toEqual([]);
    for (const name of [...Object.keys(settings), ...Object.keys(secrets)])
      expect([...CONFIG_VARIABLES, ...SDK_VARIABLES], name).toContain(name);
    const sources = (container?.envFrom ?? []).map((s) => s.configMapRef?.name ?? s.secretRef?.name);
    expect(sources).toEqual([configMap.metadata?.name, secret.metadata?.name]);
  });

  it("loads with the app's config loader: HTTP mode, the remote service, Redis Sentinel", () => {
    const config = loadConfig({ ...settings, ...secrets }, '/app');
    expect(config.slack.mode).toBe('http');
    expect(config.service.mode).toBe('remote');
    expect(config.redis?.kind).toBe('sentinel');
    expect(config.dataDir).toBe('/data');
  });

  it('keeps every secret in the Secret, as placeholders, and none in the ConfigMap', () => {
    const config = loadConfig({ ...settings, ...secrets }, '/app');
    for (const [name, value] of Object.entries(secrets)) {
      expect(value, name).toMatch(/REPLACE-ME/);
      expect(config.secrets, `${name} is redacted as a secret`).toContain(value);
    }
    for (const [name, value] of Object.entries(settings)) expect(config.secrets, name).not.toContain(value);
  });

  it("probes the app's health paths on its public port", () => {
    const [healthz, readyz] = ['/healthz', '/readyz'];
    expect(appHealthPaths()).toEqual(expect.arrayContaining([healthz, readyz]));
    expect(container?.livenessProbe?.httpGet?.path).toBe(healthz);
    // What every replica shares is left out of the traffic probe (health-routes.ts, build-desk-app.ts).
    const shared = SHARED_DEPENDENCY_CHECKS.map((name) => `exclude=${name}`).join('&');
    expect(container?.readinessProbe?.httpGet?.path).toBe(`${readyz}?${shared}`);
    expect(container?.startupProbe?.httpGet?.path).toBe(healthz);
    for (const probe of [container?.livenessProbe, container?.readinessProbe, container?.startupProbe])
      expect(probe?.httpGet?.port).toBe('http');
    // /readyz gives each check 3 s (health-routes.ts): a shorter probe timeout would fail a slow but healthy pod.
    expect(container?.readinessProbe?.timeoutSeconds).toBeGreaterThan(3);
  });

  it('agrees on ports: PORT, the image, the container, the Service; the metrics port is scraped, never served', () => {
    const dockerfile = readDockerfileRuntime();
    const port = Number(settings.PORT);
    const metricsPort = Number(settings.METRICS_PORT);
    expect(port).toBe(Number(dockerfile.env.PORT));
    expect(metricsPort).toBe(Number(dockerfile.env.METRICS_PORT));
    expect(portNamed('http')).toBe(port);
    expect(portNamed('metrics')).toBe(metricsPort);
    expect(pod?.metadata?.annotations).toMatchObject({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(metricsPort),
      'prometheus.io/path': '/metrics',
    });
    expect(service.spec?.ports?.map((p) => p.targetPort)).toEqual(['http']);
  });

  it('runs N replicas that a node drain can evict one at a time', () => {
    const replicas = deployment.spec?.replicas ?? 1;
    expect(replicas).toBeGreaterThanOrEqual(2);
    const { minAvailable, maxUnavailable } = budget.spec ?? {};
    const evictable = maxUnavailable !== undefined ? Number(maxUnavailable) : replicas - Number(minAvailable ?? replicas);
    expect(evictable).toBeGreaterThanOrEqual(1);
    expect(evictable).toBeLessThan(replicas);
    const labels = pod?.metadata?.labels ?? {};
    for (const selector of [budget.spec?.selector?.matchLabels, service.spec?.selector, deployment.spec?.selector.matchLabels]) {
      expect(selector && Object.keys(selector).length > 0).toBe(true);
      expect(labels).toMatchObject(selector ?? {});
    }
  });

  it('gives a pod longer to stop than its drain and shutdown deadline', () => {
    const drainMs = Number(settings.SHUTDOWN_DRAIN_SECONDS ?? 0) * 1000;
    expect(drainMs).toBeGreaterThan(0);
    expect((pod?.spec?.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThan(drainMs + SHUTDOWN_DEADLINE_MS);
  });

  it('runs as non-root on a read-only root filesystem, with DATA_DIR and /tmp writable', () => {
    expect(pod?.spec?.securityContext?.runAsNonRoot).toBe(true);
    expect(container?.securityContext?.readOnlyRootFilesystem).toBe(true);
    expect(container?.securityContext?.allowPrivilegeEscalation).toBe(false);
    const mounted = (container?.volumeMounts ?? []).map((m) => m.mountPath);
    expect(mounted).toEqual(expect.arrayContaining([settings.DATA_DIR, '/tmp']));
    const volumes = new Set((pod?.spec?.volumes ?? []).map((v) => v.name));
    for (const mount of container?.volumeMounts ?? []) expect(volumes.has(mount.name), mount.name).toBe(true);
    expect(container?.resources?.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container?.resources?.limits).toMatchObject({ memory: expect.any(String) });
  });
});
