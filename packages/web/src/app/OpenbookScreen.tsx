import { selectIsLoggedIn } from '../features/auth';
import OpenbookPage from '../features/openbook/components/OpenbookPage';
import { useAppSelector } from './hooks';

/** `/zvit`: the open book, public; a signed-in visitor also gets their own share of the month. */
export default function OpenbookScreen() {
  return <OpenbookPage signedIn={useAppSelector(selectIsLoggedIn)} />;
}
