// The app's entry: owned by the shell (sign-in, routing, inbox). See dashboard/README.md.
import { render } from 'preact'

render(<p>Parley</p>, document.getElementById('app') as HTMLElement)
