/// <reference types="systemjs" />
