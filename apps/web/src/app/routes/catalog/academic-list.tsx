import { ListScreen } from './list-screen';

export function Component() {
  return <ListScreen section="academic" />;
}
