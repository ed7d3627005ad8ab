import { declaredPaths, routedPaths } from 'shared-kernel/testing';
import { SliceRoutes } from './routes';
import { slice } from './slice.config';

// The shell mounts this slice on the routes its descriptor (made from slice.config.ts) lists: a page
// routed here but not declared would never be reached, a declared one not routed would be blank.
describe('the slice routes', () => {
  it('are exactly the ones its declaration lists', () => {
    expect(routedPaths(SliceRoutes())).toEqual(declaredPaths(slice));
  });
});
