import { checkRemoteManifest, type RemoteManifest } from './remote-contract';

const host = { react: '19.3.1', 'react-dom': '19.3.1', 'react-router-dom': '7.18.5', zustand: '5.1.0', 'shared-contracts': '0.1.0', 'shared-contracts/store': '0.1.0' };
const shared = Object.entries(host).map(([name, version]) => ({ name, version, requiredVersion: `^${version}` }));
const manifest = (patch: Partial<RemoteManifest> = {}): RemoteManifest => ({
  name: 'mf_publish',
  exposes: [{ name: 'MisAnunciosPage' }, { name: 'AgregarAnuncioPage' }],
  shared,
  ...patch,
});

describe('remote contract check', () => {
  it('passes a manifest that exposes what the shell needs with compatible singletons', () => {
    expect(checkRemoteManifest('mf_publish', manifest(), host)).toEqual([]);
  });
  it('fails on a missing expose', () => {
    expect(checkRemoteManifest('mf_publish', manifest({ exposes: [{ name: 'MisAnunciosPage' }] }), host)).toEqual(['falta el expose ./AgregarAnuncioPage que usa el shell']);
  });
  it('fails on another major version of a shared singleton', () => {
    const s = shared.map((x) => (x.name === 'react' ? { ...x, version: '18.3.1', requiredVersion: '^18.3.1' } : x));
    expect(checkRemoteManifest('mf_publish', manifest({ shared: s }), host)[0]).toMatch(/^react: el remote pide \^18\.3\.1/);
  });
  it('fails when a singleton is not shared at all, or the manifest is of another remote', () => {
    const problems = checkRemoteManifest('mf_publish', manifest({ name: 'mf_search', shared: shared.filter((x) => x.name !== 'zustand') }), host);
    expect(problems).toContain('no comparte zustand (el shell lo comparte como singleton)');
    expect(problems).toContain('el manifiesto es de "mf_search", se esperaba "mf_publish"');
  });
});
