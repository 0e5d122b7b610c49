import { ClientApp } from '../components/client-app';

export default function Page() {
  return <ClientApp />;
}
