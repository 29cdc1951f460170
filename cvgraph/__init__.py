"""cvgraph: researchers' CVs → a linked-data knowledge graph served over SPARQL.

Stages (one module each, plain data between them):
read (mappers.read) → extract (mappers.extract) → map (mappers.rdf) → link (cvgraph.link)
→ validate (cvgraph.validate) → store (cvgraph.store) → serve (endpoint.app).
"""
__version__ = "0.1.0"
