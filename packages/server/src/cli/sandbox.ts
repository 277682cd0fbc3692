import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { type Config, loadConfig } from '../infra/config.js';
import { createServices } from '../services.js';

const USAGE = `Пісочниця LiqPay (LIQPAY_MODE=sandbox):
  npm run sandbox -- charge <order_id>    наступне щомісячне списання підписки
  npm run sandbox -- fail <order_id>      невдала спроба списання (LiqPay повторює її тричі;
                                          четверта невдача поспіль завершує підписку)
Сервер має працювати: списання приходить йому callback-ом, як від LiqPay.`;

export class UsageError extends Error {}

/** Runs one sandbox command against the data the settings name; returns what to print. */
export async function runSandbox(args: string[], config: Config): Promise<string> {
  const [command, orderId] = args;
  if ((command !== 'charge' && command !== 'fail') || !orderId) throw new UsageError(USAGE);
  const services = await createServices({ ...config, seedDemo: false }, pino({ level: 'warn' }));
  try {
    if (!services.sandbox) throw new UsageError('Пісочниця вимкнена: LIQPAY_MODE=live');
    if (command === 'fail') {
      const { paymentId, attempt, ended } = await services.sandbox.failNext(orderId);
      const told = `Невдалу спробу №${attempt} списання підписки ${orderId} надіслано (payment_id ${paymentId})`;
      return ended ? `${told}; спроби вичерпано — підписку завершено (unsubscribed)` : told;
    }
    const { paymentId, charge } = await services.sandbox.chargeNext(orderId);
    return `Списання №${charge} підписки ${orderId} надіслано (payment_id ${paymentId})`;
  } finally {
    await services.close();
  }
}

async function main(): Promise<void> {
  try {
    console.log(await runSandbox(process.argv.slice(2), loadConfig()));
  } catch (error) {
    // Usage, settings and the sandbox's own refusals are all plain messages for the operator.
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
