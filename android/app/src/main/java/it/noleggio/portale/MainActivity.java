package it.noleggio.portale;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
