import { listLoader, ListScreen } from './list-screen';

// eslint-disable-next-line react-refresh/only-export-components -- React Router reads `loader` from the route module.
export const loader = listLoader('book');

export function Component() {
  return <ListScreen section="book" />;
}
