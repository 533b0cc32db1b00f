// The app around the sample: its view controller presents Link.
ViewController().presentPlaidLink()
