import { Placeholder } from '../../../shared/ui/Placeholder';

export default function ClubsPage() {
  return (
    <Placeholder title="Розмовні клуби">
      Тут будуть розмовні клуби: розклад зустрічей, запис і скасування участі.
    </Placeholder>
  );
}
