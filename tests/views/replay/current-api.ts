import { FakeApi } from './fake-api';

/**
 * The fake API of the replay under way, for gestures that need the server to have answered a call
 * outside the chart before a person can act (a list a control offers), or to answer one the way
 * the server does outside the chart (a 401). Importing this module keeps each installed FakeApi.
 */
let current: FakeApi | undefined;
const keep = (api: FakeApi) => (current = api);
const install = FakeApi.prototype.install;
FakeApi.prototype.install = function installAndKeep(this: FakeApi) {
  return install.call(keep(this));
};

export function currentApi(): FakeApi {
  if (!current) throw new Error('no replay is under way');
  return current;
}
