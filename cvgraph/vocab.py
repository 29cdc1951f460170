"""Namespaces of the core vocabulary contract plus cvgraph's own terms (ontology/cvgraph.ttl)."""
from rdflib import Namespace
from rdflib.namespace import FOAF, OWL, PROV, RDF, RDFS, SH, XSD, DCTERMS

SCHEMA = Namespace("http://schema.org/")       # http, as in schema.org's own JSON-LD context
BIBO = Namespace("http://purl.org/ontology/bibo/")
CVG = Namespace("https://w3id.org/cvgraph/ns#")

PREFIXES = {
    "schema": str(SCHEMA),
    "foaf": str(FOAF),
    "bibo": str(BIBO),
    "prov": str(PROV),
    "xsd": str(XSD),
    "rdf": str(RDF),
    "rdfs": str(RDFS),
    "owl": str(OWL),
    "sh": str(SH),
    "dcterms": str(DCTERMS),
    "cvg": str(CVG),
}

SPARQL_PREFIXES = "".join(f"PREFIX {p}: <{ns}>\n" for p, ns in PREFIXES.items())

__all__ = ["SCHEMA", "BIBO", "CVG", "FOAF", "PROV", "RDF", "RDFS", "OWL", "SH", "XSD",
           "DCTERMS", "PREFIXES", "SPARQL_PREFIXES"]
