import { Placeholder } from '../../../shared/ui/Placeholder';

export default function MarkPage() {
  return (
    <Placeholder title="Український слід" level={2}>
      Тут буде історія балів вашого «Українського сліду»: за що і коли їх нараховано.
    </Placeholder>
  );
}
